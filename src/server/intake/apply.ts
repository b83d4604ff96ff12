// Carrying out a plan in the caller's transaction through the people, companies and deals
// services, so a record emits exactly the events the REST API would.

import type { Db } from '../db/connection'
import type { DeliveryOutcome } from '../db/database'
import { wallClockOf } from '../activities/due-time'
import { createActivity, workspaceCalendar } from '../activities/service'
import { createDeal } from '../deals/service'
import { createNote } from '../notes/service'
import { createPerson, getPerson, mergeIntoPerson } from '../people/service'
import { linkCompany } from './company-link'
import { takeNextOwner, type OwnerCursor } from './owners'
import type { IntakePlan } from './plan'
import type { IntakeSettings } from './settings'
import type { MappedWork } from './targets'

export interface IntakeResult {
  outcome: Exclude<DeliveryOutcome, 'rejected'>
  status: 200 | 201
  personId: string | null
  dealId: string | null
  /** The body a webhook answers. */
  response: { ok: true; personId?: string; dealId?: string; updated?: true }
}

/** The person written: who, their owner and their company. */
interface WrittenPerson {
  id: string | null
  ownerId: string | null
  companyId: string | null
}

/** The owner assignment gives, taken at most once per record and only when a record gets it. */
type AssignedOwner = () => Promise<string | undefined>

const noPerson: WrittenPerson = { id: null, ownerId: null, companyId: null }

async function createPlannedPerson(
  trx: Db,
  tenantId: string,
  plan: IntakePlan,
  assignedOwner: AssignedOwner,
  now: Date,
): Promise<WrittenPerson> {
  const { tags, customFields, ...fields } = plan.record.person
  const domainCompanyId = await linkCompany(trx, tenantId, plan.company, now)
  const input = {
    ...fields,
    fullName: fields.fullName!,
    companyId: fields.companyId ?? domainCompanyId,
    ownerId: fields.ownerId ?? (await assignedOwner()),
    tags,
    customFields,
  }
  return createPerson(trx, tenantId, input, now)
}

async function mergePlannedPerson(
  trx: Db,
  tenantId: string,
  settings: IntakeSettings,
  plan: IntakePlan,
  id: string,
  assignedOwner: AssignedOwner,
  now: Date,
): Promise<WrittenPerson> {
  const { tags, customFields, ...fields } = plan.record.person
  // Assignment gives an owner only to a person without one: read them only when it may.
  const mayAssign = !fields.ownerId && settings.ownerIds.length > 0
  const unowned = mayAssign && (await getPerson(trx, tenantId, id)).ownerId === null
  const ownerId = fields.ownerId ?? (unowned ? await assignedOwner() : undefined)
  return mergeIntoPerson(trx, tenantId, id, { ...fields, ownerId, tags, customFields }, now)
}

async function writeDeal(
  trx: Db,
  tenantId: string,
  plan: IntakePlan,
  person: WrittenPerson,
  assignedOwner: AssignedOwner,
  now: Date,
): Promise<string | null> {
  if (!plan.deal) return null
  const { ownerId, tags } = plan.record.person
  const input = {
    ...plan.deal,
    ownerId: ownerId ?? person.ownerId ?? (await assignedOwner()),
    primaryPersonId: person.id,
    primaryCompanyId: person.companyId,
    tags,
  }
  return (await createDeal(trx, tenantId, input, now)).id
}

function resultOf(
  settings: IntakeSettings,
  plan: IntakePlan,
  personId: string | null,
  dealId: string | null,
): IntakeResult {
  if (settings.objectType === 'deal') {
    const response = { ok: true as const, dealId: dealId!, ...(personId ? { personId } : {}) }
    return { outcome: 'created', status: 201, personId, dealId, response }
  }
  if (plan.dedupe?.decision === 'update') {
    const response = { ok: true as const, personId: personId!, updated: true as const }
    return { outcome: 'updated', status: 200, personId, dealId, response }
  }
  const response = { ok: true as const, personId: personId!, ...(dealId ? { dealId } : {}) }
  return { outcome: 'created', status: 201, personId, dealId, response }
}

/**
 * Carries out a plan in the caller's transaction. Assignment takes the next owner only for
 * records that get one from it.
 */
export async function applyIntake(
  trx: Db,
  tenantId: string,
  settings: IntakeSettings,
  plan: IntakePlan,
  owners: OwnerCursor,
  now: Date,
): Promise<IntakeResult> {
  let assigned: Promise<string | undefined> | undefined
  const assignedOwner = () => (assigned ??= takeNextOwner(trx, tenantId, settings.ownerIds, owners))
  const { dedupe } = plan
  let person = noPerson
  if (dedupe?.decision === 'create') {
    person = await createPlannedPerson(trx, tenantId, plan, assignedOwner, now)
  } else if (dedupe?.personId) {
    const id = dedupe.personId
    person = await mergePlannedPerson(trx, tenantId, settings, plan, id, assignedOwner, now)
  }
  const dealId = await writeDeal(trx, tenantId, plan, person, assignedOwner, now)
  await leaveWork(trx, tenantId, plan.record.work, { personId: person.id, dealId }, now)
  return resultOf(settings, plan, person.id, dealId)
}

/**
 * The note and the task a mapping fills, left on the person and the deal of the delivery (a
 * form's message as a note, "Call back" as a task due today).
 */
async function leaveWork(
  trx: Db,
  tenantId: string,
  work: MappedWork,
  { personId, dealId }: { personId: string | null; dealId: string | null },
  now: Date,
) {
  if (!personId && !dealId) return
  if (work.note) {
    await createNote(trx, tenantId, { body: work.note, personId, dealId }, now)
  }
  if (work.task) {
    const { timeZone } = await workspaceCalendar(trx, tenantId)
    await createActivity(
      trx,
      tenantId,
      {
        type: 'task',
        subject: work.task,
        dueDate: wallClockOf(now, timeZone).date,
        personIds: personId ? [personId] : [],
        dealId,
      },
      now,
    )
  }
}
