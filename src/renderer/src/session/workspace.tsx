import { useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import type { Permission } from '../../../shared/permissions'
import type { SessionState, WorkspaceSummary } from '../../../shared/session'
import { setWorkspaceId } from '../api/client'
import { keys } from '../api/keys'

interface WorkspaceContextValue {
  workspaces: WorkspaceSummary[]
  current: WorkspaceSummary
  /** The signed-in account; null for the computer's owner. */
  account: SessionState['account']
  choose(id: string): void
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null)
const storageKey = 'outpost.workspace'

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext)
  if (!value) throw new Error('useWorkspace needs a WorkspaceProvider')
  return value
}

/**
 * Whether the session's role in the current workspace has `permission`: screens and buttons it
 * lacks are hidden (the server refuses them anyway, with a 403).
 */
export function useCan(permission: Permission): boolean {
  return useWorkspace().current.permissions.includes(permission)
}

/** Which workspace the UI shows; remembered across launches, the first one by default. */
export function WorkspaceProvider({
  workspaces,
  account,
  children,
}: {
  workspaces: WorkspaceSummary[]
  account: SessionState['account']
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState(() => localStorage.getItem(storageKey))
  const current = workspaces.find((item) => item.id === chosen) ?? workspaces[0]!
  // Set before the children render, so their first requests already name the workspace.
  setWorkspaceId(current.id)

  const value = useMemo<WorkspaceContextValue>(
    () => ({
      workspaces,
      current,
      account,
      choose: (id) => {
        localStorage.setItem(storageKey, id)
        setWorkspaceId(id)
        // Everything cached belongs to the workspace being left.
        queryClient.removeQueries({
          predicate: (query) => query.queryKey[0] !== keys.session[0],
        })
        setChosen(id)
      },
    }),
    [workspaces, current, account, queryClient],
  )
  return (
    <WorkspaceContext.Provider value={value} key={current.id}>
      {children}
    </WorkspaceContext.Provider>
  )
}
