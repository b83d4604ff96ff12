import type { WebhookAlert } from '../server/webhooks-out/schema'
import { desktopText } from './desktop-i18n'

/** What the desktop app shows for an outbound webhook in trouble, and the page a click opens. */
export function webhookAlertNotification(alert: WebhookAlert, locale: string) {
  const { t } = desktopText
  const path = `/settings/outbound/${alert.subscriptionId}`
  if (alert.kind === 'disabled') {
    return {
      title: t('webhookAlerts.disabledTitle'),
      body: t('webhookAlerts.disabled', { url: alert.url, reason: alert.reason }),
      path,
    }
  }
  const when = new Date(alert.since).toLocaleString(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
  })
  return {
    title: t('webhookAlerts.failingTitle'),
    body: t('webhookAlerts.failing', { url: alert.url, when }),
    path,
  }
}
