// Telling the user when outbound webhooks are in trouble: a subscription whose deliveries have
// failed for an hour, and one Outpost disabled (410 Gone, or 5 days of failures). The app shows
// the current ones (GET /api/app/v1/webhook-alerts); the desktop app is told once of each new one
// and shows a system notification, so it is heard while Outpost runs in the background.

import type { Clock } from '../clock'
import { inTransaction, type Db } from '../db/connection'
import type { Logger } from '../logger'
import { startPeriodic, type PeriodicTask } from '../periodic'
import * as subscriptions from './repository'
import type { WebhookAlert } from './schema'

/** How long deliveries must have failed before the user is alerted. */
export const failingAlertAfterMs = 60 * 60 * 1000

type Row = Awaited<ReturnType<typeof subscriptions.listTroubledSubscriptions>>[number]

function alertOf(row: Row): WebhookAlert {
  const disabled = row.enabled === 0
  return {
    kind: disabled ? 'disabled' : 'failing',
    tenantId: row.tenantId,
    subscriptionId: row.id,
    url: row.url,
    description: row.description,
    since: (disabled ? row.disabledAt : row.failingSince)!,
    reason: disabled ? row.disabledReason : null,
  }
}

const failingBefore = (now: Date) => new Date(now.getTime() - failingAlertAfterMs).toISOString()

/** The workspace's outbound webhooks in trouble now, for the app to show. */
export async function currentAlerts(db: Db, tenantId: string, now: Date): Promise<WebhookAlert[]> {
  const rows = await subscriptions.listTroubledSubscriptions(db, failingBefore(now), tenantId)
  return rows.map(alertOf)
}

/**
 * The alerts not told yet, across workspaces, marked as told in the same transaction: each failing
 * streak and each disabling is told once.
 */
export async function takeNewAlerts(db: Db, now: Date): Promise<WebhookAlert[]> {
  return inTransaction(db, async (trx) => {
    const rows = await subscriptions.listTroubledSubscriptions(trx, failingBefore(now))
    const fresh = rows.filter((row) =>
      row.enabled === 0
        ? row.alertedDisabledAt !== row.disabledAt
        : row.alertedFailingSince !== row.failingSince,
    )
    for (const row of fresh) {
      await subscriptions.updateSubscription(
        trx,
        row.id,
        row.enabled === 0
          ? { alertedDisabledAt: row.disabledAt }
          : { alertedFailingSince: row.failingSince },
      )
    }
    return fresh.map(alertOf)
  })
}

/** Looks for new alerts every minute; `notify` hears them (the desktop app's notifications). */
export function startWebhookAlerts(options: {
  db: Db
  clock: Clock
  logger: Logger
  notify?: (alerts: WebhookAlert[]) => void
}): PeriodicTask<WebhookAlert[]> {
  const { db, clock, logger, notify } = options
  return startPeriodic(
    logger,
    'Outbound webhook alerts could not be checked',
    async () => {
      const alerts = await takeNewAlerts(db, clock.now())
      if (alerts.length > 0) notify?.(alerts)
      return alerts
    },
    (alerts) =>
      alerts.length > 0 ? `${alerts.length} outbound webhook alert(s): see Settings` : null,
    { firstRunMs: 5_000, everyMs: 60_000 },
  )
}
