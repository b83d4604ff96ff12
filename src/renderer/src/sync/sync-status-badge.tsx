import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { useSyncLink } from './use-sync-link'

/** In the window's frame, on a replica: synced, syncing, offline with the changes waiting, error. */
export function SyncStatusBadge() {
  const { t } = useTranslation('settings')
  const { data } = useSyncLink()
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
