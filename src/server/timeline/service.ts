import type { Db } from '../db/connection'
import { listResourceEvents } from '../events/service'
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
