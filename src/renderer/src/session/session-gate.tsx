import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { loginLinkCommand } from '../../../shared/login-link'
import { ApiRequestError, whenSignedOut } from '../api/client'
import { keys } from '../api/keys'
import { ErrorState, Skeleton } from '../ui/states'
import { loadSession } from './load-session'
import { NoWorkspace, SignedOut } from './signed-out'
import { WorkspaceProvider } from './workspace'

/** Renders the app only with a live session; otherwise how to sign in. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('session')
  const queryClient = useQueryClient()
  const session = useQuery({
    queryKey: keys.session,
    queryFn: loadSession,
    retry: false,
    staleTime: Infinity,
  })

  useEffect(() => {
    whenSignedOut(() => void queryClient.invalidateQueries({ queryKey: keys.session }))
  }, [queryClient])

  if (session.isPending) {
    return (
      <div className="full-page-state">
        <Skeleton lines={3} label={t('signingIn')} />
      </div>
    )
  }
  if (session.error instanceof ApiRequestError && session.error.status === 401) {
    // The server names the command for its own data folder (`--data-dir` when it needs one).
    const command = session.error.details?.loginLinkCommand
    return <SignedOut command={typeof command === 'string' ? command : loginLinkCommand} />
  }
  if (session.isError) {
    return (
      <main className="full-page-state" id="main">
        <ErrorState error={session.error} retry={() => void session.refetch()} />
      </main>
    )
  }
  if (session.data.workspaces.length === 0) return <NoWorkspace />
  return (
    <WorkspaceProvider workspaces={session.data.workspaces} account={session.data.account}>
      {children}
    </WorkspaceProvider>
  )
}
