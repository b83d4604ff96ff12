import { useLiveStatus } from './live-updates'

const labels = {
  connecting: 'Connecting…',
  live: 'Live',
  offline: 'Reconnecting…',
} as const

/** Whether changes from scripts and webhooks are showing up on their own. */
export function LiveStatusBadge() {
  const status = useLiveStatus()
  return (
    <p
      className={`live-status live-${status}`}
      title="Changes made elsewhere appear without a reload"
    >
      <span className="live-dot" aria-hidden="true" />
      {labels[status]}
    </p>
  )
}
