// Intake: an outside record (an inbound webhook's payload, a CSV row) becomes people and deals.
// The doors (inbound/, imports/) hand it settings and records; it maps them, normalises their
// values through the shared field rules, deduplicates people, carries out the post-receipt
// actions and writes through the people, companies and deals services in the caller's
// transaction. Anything it refuses is a thrown ApiError naming the field: it never returns one.

import type { Db } from '../db/connection'
import { applyIntake, type IntakeResult } from './apply'
import type { OwnerCursor } from './owners'
import { planIntake, type IntakePlan } from './plan'
import { checkReferences } from './referenced-ids'
import { compileSettings, type IntakeConfig, type IntakeSettings } from './settings'

/**
 * Checks a configuration (its shape, 400; the ids it names, 422) and compiles it, ready for any
 * number of records.
 */
export async function prepareIntake(
  db: Db,
  tenantId: string,
  config: IntakeConfig,
): Promise<IntakeSettings> {
  const settings = compileSettings(config)
  await checkReferences(db, tenantId, config)
  return settings
}

/** What one record did: the plan decided, and its result once written. */
export interface Receipt {
  plan: IntakePlan
  result: IntakeResult
}

/** Takes one record in, in the caller's transaction: plans it, then writes it. */
export async function receiveRecord(
  trx: Db,
  tenantId: string,
  settings: IntakeSettings,
  payload: unknown,
  owners: OwnerCursor,
  now: Date,
): Promise<Receipt> {
  const plan = await planIntake(trx, tenantId, settings, payload)
  return { plan, result: await applyIntake(trx, tenantId, settings, plan, owners, now) }
}
