import type { Db } from '../db/connection'
import type { Actor } from '../events/actor'
import {
  keepHistory,
  listCompanyRecordEvents,
  listRecordEvents,
  type TimelineRow,
} from './repository'
import { timelineLength, type TimelineEvent } from './schema'

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
