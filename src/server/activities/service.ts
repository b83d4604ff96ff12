import { newId, type MadeElsewhere } from '../ids'
import type { Insertable } from 'kysely'
import { requireCompany } from '../companies/lookup'
import { inTransaction, type Db } from '../db/connection'
import type { ActivityTable } from '../db/database'
import { selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import { companyOfDeal } from '../deals/lookup'
import { diffFields, recordEvents } from '../events/service'
import { invalidField, notFound, unknownReference } from '../http/errors'
import { paginate } from '../http/pagination'
import { companyOfPerson } from '../people/lookup'
import { requireUser } from '../users/lookup'
import { getWorkspace, workspaceTimeZone } from '../workspaces/service'
import { activityTypeExists } from './activity-types'
import { instantOf, nextOccurrence, remindAtOf, wallClockOf, type Recurrence } from './due-time'
import * as activities from './repository'
import type { Activity, ActivityQuery, CreateActivityInput, UpdateActivityInput } from './schema'

export function toActivity(row: activities.ActivityRow, personIds: string[]): Activity {
  return {
    id: row.id,
    tenantId: row.tenantId,
    type: row.type,
    subject: row.subject,
    body: row.body,
    dueDate: row.dueDate,
    dueTime: row.dueTime,
    timeZone: row.timeZone ?? 'UTC',
    dueAt: row.dueAt,
    durationMinutes: row.durationMinutes,
    done: row.done === 1,
    doneAt: row.doneAt,
    outcome: row.outcome,
    priority: row.priority as Activity['priority'],
    assigneeId: row.assigneeId,
    dealId: row.dealId,
    companyId: row.companyId,
    personIds,
    recurrence: row.recurrence as Activity['recurrence'],
    reminderMinutes: row.reminderMinutes,
    remindAt: row.remindAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** Activity rows with their people, as the API answers them. */
export async function withPeople(db: Db, rows: activities.ActivityRow[]): Promise<Activity[]> {
  const people = await activities.peopleOfActivities(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toActivity(row, people.get(row.id) ?? []))
}

/** The activity, or undefined when the workspace has none with this id. */
export async function findActivity(
  db: Db,
  tenantId: string,
  id: string,
): Promise<Activity | undefined> {
  const row = await activities.findActivityById(db, tenantId, id)
  return row ? (await withPeople(db, [row]))[0] : undefined
}

export async function getActivity(db: Db, tenantId: string, id: string): Promise<Activity> {
  const activity = await findActivity(db, tenantId, id)
  if (!activity) throw notFound('Activity')
  return activity
}

export const listActivities = (db: Db, tenantId: string, query: ActivityQuery) =>
  paginate(
    query,
    () => activities.countActivities(db, tenantId, query),
    async (limit, offset) =>
      withPeople(db, await activities.listActivities(db, tenantId, query, limit, offset)),
  )

/** The workspace's zone and reminder defaults, which every due time is read against. */
export async function workspaceCalendar(db: Db, tenantId: string) {
  const workspace = await getWorkspace(db, tenantId)
  return {
    timeZone: workspaceTimeZone(workspace),
    reminderMinutes: workspace.reminderMinutes,
    digestTime: workspace.digestTime,
  }
}

type Calendar = Awaited<ReturnType<typeof workspaceCalendar>>

/** What an activity's dates make of it: when it is due, and when its reminder fires. */
function schedule(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'timeZone' | 'reminderMinutes' | 'done'>,
  calendar: Calendar,
  now: Date,
) {
  const { dueDate, dueTime, timeZone } = activity
  const dueAt = dueDate ? instantOf(dueDate, dueTime, timeZone) : null
  const remindAt = remindAtOf({ ...activity, digestTime: calendar.digestTime })
  // A reminder for work already past (a call logged afterwards, a date moved into the past) would
  // only be noise: it counts as fired. One whose work is still ahead fires at once.
  const over = dueDate && Date.parse(dueTime ? dueAt! : instantOf(dueDate, '23:59', timeZone))
  const remindedAt =
    remindAt && (activity.done || (over && over < now.getTime())) ? now.toISOString() : null
  return { dueAt, remindAt, remindedAt }
}

async function assertReferences(db: Db, tenantId: string, input: UpdateActivityInput) {
  if (input.type && !(await activityTypeExists(db, tenantId, input.type))) {
    throw unknownReference('type', 'activity type')
  }
  if (input.assigneeId) await requireUser(db, tenantId, input.assigneeId, 'assigneeId')
  if (input.companyId) await requireCompany(db, tenantId, input.companyId, 'companyId')
}

/**
 * The company of what the activity or note is about, when none is named: its deal's, else its
 * first person's. Checks the deal and people exist.
 */
export async function inferCompany(
  db: Db,
  tenantId: string,
  links: { dealId?: string | null; personIds?: string[]; personId?: string | null },
): Promise<string | null> {
  const dealCompany = links.dealId
    ? await companyOfDeal(db, tenantId, links.dealId, 'dealId')
    : null
  const personIds = links.personIds ?? (links.personId ? [links.personId] : [])
  const field = links.personIds ? 'personIds' : 'personId'
  const personCompanies = []
  for (const personId of personIds) {
    personCompanies.push(await companyOfPerson(db, tenantId, personId, field))
  }
  return dealCompany ?? personCompanies.find((id) => id !== null) ?? null
}

function checkDates(activity: Pick<Activity, 'dueDate' | 'dueTime' | 'recurrence'>) {
  if (activity.dueTime && !activity.dueDate) {
    throw invalidField('dueTime', 'dueTime needs a dueDate')
  }
  if (activity.recurrence && !activity.dueDate) {
    throw invalidField('recurrence', 'A repeating activity needs a dueDate')
  }
}

/**
 * What an activity made or changed elsewhere (sync/) carries as it was there: when it was done.
 * Nothing is inferred or dated here, and marking it done makes no next occurrence: the one made
 * where it was marked comes as its own record.
 */
interface DoneElsewhere {
  doneAt?: string | null
}

/** Creates an activity; emits activity.created. */
export async function createActivity(
  db: Db,
  tenantId: string,
  input: CreateActivityInput,
  now: Date,
  made?: MadeElsewhere & DoneElsewhere,
): Promise<Activity> {
  return inTransaction(db, async (trx) => {
    const calendar = await workspaceCalendar(trx, tenantId)
    await assertReferences(trx, tenantId, input)
    const personIds = [...new Set(input.personIds ?? [])]
    const inferred = await inferCompany(trx, tenantId, { dealId: input.dealId, personIds })
    const timeZone = input.timeZone ?? calendar.timeZone
    const done = input.done ?? false
    let dueDate = input.dueDate ?? null
    let dueTime = input.dueTime ?? null
    // Logging what just happened: it is dated now.
    if (done && !dueDate && !dueTime && !made)
      ({ date: dueDate, time: dueTime } = wallClockOf(now, timeZone))
    const dates = { dueDate, dueTime, recurrence: input.recurrence ?? null }
    checkDates(dates)
    const reminderMinutes =
      input.reminderMinutes !== undefined
        ? input.reminderMinutes
        : dueDate
          ? dueTime
            ? calendar.reminderMinutes
            : 0
          : null
    const timestamp = now.toISOString()
    const row: Insertable<ActivityTable> = {
      id: made?.id ?? newId(),
      tenantId,
      type: input.type,
      subject: input.subject,
      body: input.body ?? '',
      ...dates,
      timeZone,
      durationMinutes: input.durationMinutes ?? null,
      done: done ? 1 : 0,
      doneAt: done ? (made?.doneAt ?? timestamp) : null,
      outcome: input.outcome ?? null,
      priority: input.priority ?? 'normal',
      assigneeId: input.assigneeId ?? null,
      dealId: input.dealId ?? null,
      companyId: input.companyId !== undefined ? input.companyId : inferred,
      reminderMinutes,
      ...schedule({ dueDate, dueTime, timeZone, reminderMinutes, done }, calendar, now),
      createdAt: made?.createdAt ?? timestamp,
      updatedAt: timestamp,
    }
    await activities.insertActivity(trx, row)
    await activities.setActivityPeople(trx, row.id, personIds)
    const created = await getActivity(trx, tenantId, row.id)
    await recordEvents(trx, tenantId, now, [
      { type: 'activity.created', resource: created, data: { object: created } },
    ])
    return created
  })
}

// What an update may write directly; the rest (dueAt, remindAt, doneAt) follows from these.
const writable = [
  ...['type', 'subject', 'body', 'dueDate', 'dueTime', 'timeZone', 'durationMinutes', 'outcome'],
  ...['priority', 'assigneeId', 'dealId', 'companyId', 'recurrence', 'reminderMinutes'],
] as const

/**
 * Changes some fields. Marking it done emits activity.done (otherwise activity.updated) and, for a
 * repeating one, creates the next occurrence, which carries the rule on.
 */
export async function updateActivity(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateActivityInput,
  now: Date,
  elsewhere?: DoneElsewhere,
): Promise<Activity> {
  return inTransaction(db, async (trx) => {
    const before = await getActivity(trx, tenantId, id)
    await assertReferences(trx, tenantId, input)
    if (input.dealId) await companyOfDeal(trx, tenantId, input.dealId, 'dealId')
    if (input.personIds) await inferCompany(trx, tenantId, { personIds: input.personIds })
    const after: Activity = { ...before }
    for (const field of writable) {
      if (input[field] !== undefined) Object.assign(after, { [field]: input[field] })
    }
    if (input.personIds) after.personIds = [...new Set(input.personIds)].sort()
    const becameDone = input.done === true && !before.done
    if (input.done !== undefined) {
      after.done = input.done
      after.doneAt = input.done ? (before.doneAt ?? now.toISOString()) : null
    }
    if (elsewhere?.doneAt !== undefined) after.doneAt = elsewhere.doneAt
    // The series moves on to the next occurrence; this one keeps no rule of its own.
    const repeat = becameDone && !elsewhere ? after.recurrence : null
    if (repeat) after.recurrence = null
    checkDates({ ...after, recurrence: repeat ?? after.recurrence })
    const timing = ['dueDate', 'dueTime', 'timeZone', 'reminderMinutes', 'done'] as const
    // Only a change of timing moves the reminder; it then fires anew (remindedAt recomputed).
    let reminder = {}
    if (timing.some((field) => after[field] !== before[field])) {
      const next = schedule(after, await workspaceCalendar(trx, tenantId), now)
      after.dueAt = next.dueAt
      after.remindAt = next.remindAt
      reminder = { remindedAt: next.remindedAt }
    }
    const change = diffFields(before, after, ['updatedAt'])
    if (change.changes.length === 0) return before
    after.updatedAt = now.toISOString()
    const { personIds, done, ...columns } = after
    await activities.updateActivity(trx, id, {
      ...pick(columns, writable),
      dueAt: after.dueAt,
      remindAt: after.remindAt,
      done: done ? 1 : 0,
      doneAt: after.doneAt,
      updatedAt: after.updatedAt,
      ...reminder,
    })
    if (input.personIds) await activities.setActivityPeople(trx, id, personIds)
    const type = becameDone ? 'activity.done' : 'activity.updated'
    await recordEvents(trx, tenantId, now, [
      { type, resource: after, data: { object: after, ...change } },
    ])
    if (repeat) await createNextOccurrence(trx, tenantId, before, repeat, now)
    return after
  })
}

const pick = <T extends object, K extends keyof T>(object: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>

async function createNextOccurrence(
  db: Db,
  tenantId: string,
  done: Activity,
  recurrence: Recurrence,
  now: Date,
) {
  const today = wallClockOf(now, done.timeZone).date
  await createActivity(
    db,
    tenantId,
    {
      ...pick(done, ['type', 'subject', 'body', 'dueTime', 'timeZone', 'durationMinutes']),
      ...pick(done, ['priority', 'assigneeId', 'dealId', 'companyId', 'personIds']),
      dueDate: nextOccurrence(done.dueDate!, recurrence, today),
      recurrence,
      reminderMinutes: done.reminderMinutes,
    },
    now,
  )
}

/** Deletes an activity; emits activity.deleted. */
export async function deleteActivity(db: Db, tenantId: string, id: string, now: Date) {
  await inTransaction(db, async (trx) => {
    const before = await getActivity(trx, tenantId, id)
    await activities.deleteActivity(trx, id)
    await recordEvents(trx, tenantId, now, [
      { type: 'activity.deleted', resource: before, data: { object: before } },
    ])
  })
}

/** Fires the reminder again `minutes` from now; emits activity.updated. */
export async function snoozeActivity(
  db: Db,
  tenantId: string,
  id: string,
  minutes: number,
  now: Date,
): Promise<Activity> {
  return inTransaction(db, async (trx) => {
    const before = await getActivity(trx, tenantId, id)
    if (before.done) throw invalidField('done', 'A done activity has no reminder to snooze')
    const after = {
      ...before,
      remindAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
      updatedAt: now.toISOString(),
    }
    await activities.updateActivity(trx, id, {
      remindAt: after.remindAt,
      remindedAt: null,
      updatedAt: after.updatedAt,
    })
    const change = diffFields(before, after, ['updatedAt'])
    await recordEvents(trx, tenantId, now, [
      { type: 'activity.updated', resource: after, data: { object: after, ...change } },
    ])
    return after
  })
}

/** Activities of the workspace in creation order, `limit` at a time after `after` (exports). */
export async function listActivitiesAfter(
  db: Db,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<Activity[]> {
  return withPeople(db, await selectTenantRowsAfter(db, 'activities', tenantId, after, limit))
}

/**
 * Moves a merged person's or company's activities to the one it lives on as (sync/, rule 4),
 * each with its activity.updated, so every copy moves them too.
 */
export async function moveActivities(
  db: Db,
  tenantId: string,
  link: 'personId' | 'companyId',
  from: string,
  to: string,
  now: Date,
): Promise<void> {
  const on = link === 'personId' ? { personId: from } : { companyId: from }
  const moved = await activities.listActivitiesOf(db, tenantId, on)
  for (const activity of await withPeople(db, moved)) {
    const input =
      link === 'companyId'
        ? { companyId: to }
        : { personIds: activity.personIds.map((id) => (id === from ? to : id)) }
    await updateActivity(db, tenantId, activity.id, input, now)
  }
}
