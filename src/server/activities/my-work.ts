// My work: the open activities a person has to deal with, bucketed by the workspace's calendar
// (Pipedrive's and HubSpot's task views): overdue, today, tomorrow, the rest of this week, and
// those with no date. Later ones are not listed; the badge counts overdue and today.
import { TZDate } from '@date-fns/tz'
import { endOfWeek, format } from 'date-fns'
import type { Db } from '../db/connection'
import { titlesOfDeals } from '../deals/lookup'
import { namesOfPeople } from '../people/lookup'
import { instantOf, shiftDate, wallClockOf } from './due-time'
import * as activities from './repository'
import type { Activity } from './schema'
import { withPeople, workspaceCalendar } from './service'

export const buckets = ['overdue', 'today', 'tomorrow', 'thisWeek', 'noDate'] as const
export type Bucket = (typeof buckets)[number]

// Enough for any one person's week; the list says when there is more.
const limit = 1000

export interface MyWork {
  today: string
  timeZone: string
  buckets: Record<Bucket, Activity[]>
  /** Overdue plus today: the navigation's badge. */
  badge: number
  /** True when more open activities are due this week than were listed. */
  truncated: boolean
  /** The names of the people and the titles of the deals the listed activities link to. */
  names: { people: Record<string, string>; deals: Record<string, string> }
}

function bucketOf(activity: Activity, now: Date, today: string, weekEnd: string): Bucket | null {
  const { dueDate, dueTime, dueAt } = activity
  if (!dueDate) return 'noDate'
  if (dueDate < today || (dueTime && dueAt! < now.toISOString() && dueDate === today)) {
    return 'overdue'
  }
  if (dueDate === today) return 'today'
  if (dueDate === shiftDate(today, 1)) return 'tomorrow'
  return dueDate <= weekEnd ? 'thisWeek' : null
}

export async function getMyWork(
  db: Db,
  tenantId: string,
  now: Date,
  assigneeId?: string,
): Promise<MyWork> {
  const { timeZone } = await workspaceCalendar(db, tenantId)
  const today = wallClockOf(now, timeZone).date
  // The week ends on Sunday; on a Saturday, "this week" still reaches past tomorrow.
  const weekEnd = format(
    endOfWeek(new TZDate(now.getTime(), timeZone), { weekStartsOn: 1 }),
    'yyyy-MM-dd',
  )
  const before = instantOf(shiftDate(weekEnd, 2), null, 'UTC')
  const rows = await activities.listOpenActivities(db, tenantId, before, limit + 1, assigneeId)
  const listed = await withPeople(db, rows.slice(0, limit))
  const result = Object.fromEntries(buckets.map((bucket) => [bucket, [] as Activity[]])) as Record<
    Bucket,
    Activity[]
  >
  for (const activity of listed) {
    const bucket = bucketOf(activity, now, today, weekEnd)
    if (bucket) result[bucket].push(activity)
  }
  const shown = buckets.flatMap((bucket) => result[bucket])
  const personIds = [...new Set(shown.flatMap((activity) => activity.personIds))]
  const dealIds = [...new Set(shown.flatMap((activity) => activity.dealId ?? []))]
  return {
    today,
    timeZone,
    buckets: result,
    badge: result.overdue.length + result.today.length,
    truncated: rows.length > limit,
    names: {
      people: await namesOfPeople(db, tenantId, personIds),
      deals: await titlesOfDeals(db, tenantId, dealIds),
    },
  }
}
