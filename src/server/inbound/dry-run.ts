// Trying a payload on a webhook: what a delivery would do, with nothing kept.

import type { Db } from '../db/connection'
import type { IntakeResult } from '../intake/apply'
import type { IntakePlan } from '../intake/plan'
import { receiveRecord } from '../intake/service'
import { parsePayload, tooLarge, type ReceivedBody } from './body'
import type { DryRunResult, InboundWebhook } from './schema'
import { intakeSettingsOf, ownerCursor } from './service'

function dryRunResult(plan: IntakePlan, result: IntakeResult): DryRunResult {
  return {
    ok: true,
    dryRun: true,
    status: result.status,
    outcome: result.outcome,
    record: {
      person: plan.dedupe ? { ...plan.record.person } : null,
      deal: plan.deal ? { ...plan.record.deal, ...plan.deal } : null,
    },
    dedupe: plan.dedupe,
    company: plan.company,
  }
}

/**
 * What a delivery of `payload` would do, without keeping anything: the mapped record, the dedupe
 * decision and the company link. It runs the whole intake in a transaction that is always rolled
 * back, so it fails exactly where a delivery would (a 422, a 409) and leaves no trace: no record,
 * no event, no log entry, no owner handed out.
 */
export async function dryRun(
  db: Db,
  webhook: InboundWebhook,
  payload: Record<string, unknown>,
  now: Date,
): Promise<DryRunResult> {
  const settings = intakeSettingsOf(webhook)
  const trx = await db.startTransaction().execute()
  try {
    const owners = ownerCursor(webhook.id)
    const { plan, result } = await receiveRecord(
      trx,
      webhook.tenantId,
      settings,
      payload,
      owners,
      now,
    )
    return dryRunResult(plan, result)
  } finally {
    await trx.rollback().execute()
  }
}

/** A dry run from the body of a request to the public URL. */
export async function dryRunBody(
  db: Db,
  webhook: InboundWebhook,
  contentType: string | null,
  body: ReceivedBody,
  now: Date,
): Promise<DryRunResult> {
  if (!body.bytes) throw tooLarge()
  return dryRun(db, webhook, await parsePayload(body.bytes, contentType), now)
}
