import type { Db } from '../db/connection'
import { listCompanyRecordsEvents, listResourceEvents } from '../events/service'
import { timelineLength, type TimelineEvent } from './schema'

/** The newest events of one person or deal, newest first, as a detail page's timeline. */
export async function getTimeline(
  db: Db,
  tenantId: string,
  resourceId: string,
): Promise<TimelineEvent[]> {
  const events = await listResourceEvents(db, tenantId, resourceId)
  return events
    .slice(-timelineLength)
    .reverse()
    .map((event) => ({ ...event, data: { ...event.data } }))
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
  const events = await listCompanyRecordsEvents(db, tenantId, companyId, timelineLength)
  return events.map((event) => ({ ...event, data: { ...event.data } }))
}
