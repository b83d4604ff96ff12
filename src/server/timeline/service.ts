import type { Db } from '../db/connection'
import { linkedNames } from '../db/linked-names'
import type { Actor } from '../events/actor'
import {
  keepHistory,
  listCompanyRecordEvents,
  listRecordEvents,
  type TimelineRow,
} from './repository'
import { timelineLength, type TimelineEvent, type TimelineNames } from './schema'

// A line's event as the feed has it, or as the history kept it (which leaves out the workspace).
const toEvent = (tenantId: string) => (row: TimelineRow) =>
  ({
    ...JSON.parse(row.payload),
    tenantId,
    actor: row.actor ? (JSON.parse(row.actor) as Actor) : null,
  }) as TimelineEvent

/**
 * The newest events of one person or deal, newest first, as a detail page's timeline: those past
 * the event retention come from the record's history (history.ts).
 */
export async function getTimeline(
  db: Db,
  tenantId: string,
  resourceId: string,
): Promise<TimelineEvent[]> {
  return (await listRecordEvents(db, tenantId, resourceId, timelineLength)).map(toEvent(tenantId))
}

/**
 * A company's history: the newest changes of its people and deals, newest first (a company's own
 * name and domain emit no events; see docs/events.md).
 */
export async function getCompanyTimeline(
  db: Db,
  tenantId: string,
  companyId: string,
): Promise<TimelineEvent[]> {
  const rows = await listCompanyRecordEvents(db, tenantId, companyId, timelineLength)
  return rows.map(toEvent(tenantId))
}

/**
 * Called by the event retention in its transaction, before it deletes a batch (the workspace's
 * events up to `lastSeq` recorded before `cutoff`): keeps their people's and deals' lines as
 * those records' history, newest `timelineLength` a record.
 */
export const keepPrunedInHistory = (trx: Db, tenantId: string, lastSeq: number, cutoff: string) =>
  keepHistory(trx, tenantId, lastSeq, cutoff, timelineLength)

// The fields of a change that hold a person's or a company's id, which a line names.
const personFields = ['primaryPersonId']
const companyFields = ['companyId', 'primaryCompanyId']

/**
 * The names of the people and companies the events' changes point at, before and after, so a
 * line says "Company: Acme → Initech" rather than "Changed company". A record deleted since is
 * left out.
 */
export async function namesInTimeline(
  db: Db,
  tenantId: string,
  events: readonly TimelineEvent[],
): Promise<TimelineNames> {
  const ids = (fields: string[]) => {
    const found = new Set<string>()
    for (const { data } of events) {
      const { object, previous, changes } = data as {
        object?: Record<string, unknown>
        previous?: Record<string, unknown>
        changes?: string[]
      }
      for (const field of changes ?? []) {
        if (!fields.includes(field)) continue
        for (const value of [object?.[field], previous?.[field]]) {
          if (typeof value === 'string') found.add(value)
        }
      }
    }
    return [...found]
  }
  const [people, companies] = await Promise.all([
    linkedNames(db, 'people', tenantId, ids(personFields)),
    linkedNames(db, 'companies', tenantId, ids(companyFields)),
  ])
  return { people: Object.fromEntries(people), companies: Object.fromEntries(companies) }
}
