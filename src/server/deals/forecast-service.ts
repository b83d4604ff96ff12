// The forecast: a pipeline's deals by the month they are expected to close (open ones, weighted by
// their probability) beside what was won in each month, as Pipedrive's forecast view shows them.
import { TZDate } from '@date-fns/tz'
import { addMonths, format } from 'date-fns'
import { instantOf, wallClockOf } from '../activities/due-time'
import type { Db } from '../db/connection'
import { getPipeline } from '../pipelines/service'
import { getWorkspace, workspaceTimeZone } from '../workspaces/service'
import * as board from './board-repository'
import { stageProbability } from '../../shared/stage-probability'
import { sumByCurrency } from './board-service'
import type { BoardCard } from './board-schema'
import type { Forecast, ForecastMonth } from './forecast-schema'

const monthAfter = (month: string, count: number) =>
  format(addMonths(new TZDate(`${month}-15T12:00:00Z`, 'UTC'), count), 'yyyy-MM')

export async function getForecast(
  db: Db,
  tenantId: string,
  pipelineId: string,
  query: { from?: string; months: number },
  now: Date,
): Promise<Forecast> {
  const pipeline = await getPipeline(db, tenantId, pipelineId)
  const timeZone = workspaceTimeZone(await getWorkspace(db, tenantId))
  const first = query.from ?? wallClockOf(now, timeZone).date.slice(0, 7)
  const months = Array.from({ length: query.months }, (_, index) => monthAfter(first, index))
  const stages = new Map(pipeline.stages.map((stage) => [stage.id, stage]))
  const since = instantOf(`${first}-01`, null, timeZone)
  const rows = await board.listBoardCards(db, tenantId, pipelineId, since)
  const byMonth = new Map<string, { open: BoardCard[]; won: BoardCard[] }>(
    [...months, 'none', 'earlier', 'later'].map((month) => [month, { open: [], won: [] }]),
  )
  const last = months.at(-1)!
  // Open deals outside the months shown are counted, not dropped: before them they have slipped.
  const bucketOf = (date: string | null) => {
    const month = date?.slice(0, 7)
    if (month === undefined) return 'none'
    return month < first ? 'earlier' : month > last ? 'later' : month
  }
  for (const row of rows) {
    const stage = stages.get(row.stageId)
    if (!stage || stage.type === 'lost') continue
    const card: BoardCard = {
      ...row,
      probability: row.probability ?? stageProbability(stage),
      nextActivity: row.nextActivity ? JSON.parse(row.nextActivity) : null,
      rotting: false,
    }
    if (stage.type === 'won') {
      const month = wallClockOf(new Date(row.closedAt!), timeZone).date.slice(0, 7)
      byMonth.get(month)?.won.push(card)
    } else {
      byMonth.get(bucketOf(row.expectedCloseDate))?.open.push(card)
    }
  }
  const summary = (month: string): ForecastMonth => {
    const { open, won } = byMonth.get(month)!
    return {
      month: months.includes(month) ? month : null,
      openCount: open.length,
      open: sumByCurrency(open),
      weighted: sumByCurrency(
        open.map((deal) => ({ ...deal, value: (deal.value * deal.probability) / 100 })),
      ),
      wonCount: won.length,
      won: sumByCurrency(won),
      deals: [...open, ...won],
    }
  }
  return {
    pipeline,
    earlier: summary('earlier'),
    months: months.map(summary),
    later: summary('later'),
    noDate: summary('none'),
  }
}
