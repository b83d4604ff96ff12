import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { keys } from '../api/keys'
import { NavLink } from 'react-router'
import { useSyncLink } from './use-sync-link'

/**
 * In the window's frame, on a replica: synced, syncing, offline with the changes waiting, error.
 * When a replicated workspace leaves (its user's access to it ended on the team server, and the
 * replica removed it), the session's list of workspaces is read again, so the picker drops it
 * and a window showing it moves to another.
 */
export function SyncStatusBadge() {
  const { t } = useTranslation('settings')
  const { data } = useSyncLink()
  const queryClient = useQueryClient()
  const replicated = data?.workspaces.map((workspace) => workspace.workspaceId).join(' ')
  const seen = useRef(replicated)
  useEffect(() => {
    if (seen.current !== undefined && replicated !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: keys.session })
    }
    seen.current = replicated
  }, [replicated, queryClient])
  if (!data || data.state === 'not-connected') return null
  return (
    <NavLink
      to="/settings/sync"
      className={`live-status sync-status sync-${data.state}`}
      data-testid="sync-status"
      title={data.error ?? data.serverUrl ?? ''}
    >
      <span className="live-dot" aria-hidden="true" />
      {t(`sync.state.${data.state}`, { count: data.waiting })}
    </NavLink>
  )
}
