import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { subscriptions } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import type { WebhookAlert } from '../../api/types'
import { formatDateTime } from '../../format/dates'

const alertKey = (alert: WebhookAlert) => `${alert.subscriptionId} ${alert.kind} ${alert.since}`

/**
 * Outbound webhooks in trouble (failing for an hour, or stopped by Outpost), above every screen
 * until they are fixed; an alert that appears while the tab is in the background is also shown as
 * a system notification when the user has allowed them (as reminders are).
 */
export function WebhookAlerts() {
  const { t } = useTranslation('outbound')
  const navigate = useNavigate()
  const alerts = useQuery({
    queryKey: integrationKeys.webhookAlerts,
    queryFn: subscriptions.alerts,
    refetchInterval: 60_000,
  })
  const known = useRef<Set<string> | null>(null)
  const text = (alert: WebhookAlert) =>
    alert.kind === 'failing'
      ? t('alerts.failing', { url: alert.url, when: formatDateTime(alert.since) })
      : t('alerts.disabled', { url: alert.url, reason: alert.reason })

  useEffect(() => {
    if (!alerts.data) return
    const keys = alerts.data.data.map(alertKey)
    // Those already there when the page opened are shown on it, not notified.
    const fresh = known.current
      ? alerts.data.data.filter((a) => !known.current!.has(alertKey(a)))
      : []
    known.current = new Set(keys)
    if (!document.hidden || !('Notification' in window) || Notification.permission !== 'granted')
      return
    for (const alert of fresh) {
      const notification = new Notification(t('alerts.label'), {
        body: text(alert),
        tag: `outpost-webhook-${alert.subscriptionId}`,
      })
      notification.onclick = () => {
        window.focus()
        void navigate(`/settings/outbound/${alert.subscriptionId}`)
      }
    }
  })

  const list = alerts.data?.data ?? []
  if (list.length === 0) return null
  return (
    <section aria-label={t('alerts.label')} className="webhook-alerts">
      {list.map((alert) => (
        <p key={alertKey(alert)} className="form-error" role="status">
          {text(alert)}{' '}
          <Link to={`/settings/outbound/${alert.subscriptionId}`}>{t('alerts.open')}</Link>
        </p>
      ))}
    </section>
  )
}
