import type { Db } from '../db/connection'
import { instantOf, wallClockOf } from '../activities/due-time'
import { getPipeline } from '../pipelines/service'
import type { Stage } from '../pipelines/schema'
import { getWorkspace, workspaceTimeZone } from '../workspaces/service'
import { stageProbability } from '../../shared/stage-probability'
import * as board from './board-repository'
import type { Board, BoardCard, BoardColumn } from './board-schema'

type Money = { currency: string; value: number }[]

/** Sums per currency, in currency order; values in different currencies are never added. */
export function sumByCurrency(items: { currency: string; value: number }[]): Money {
  const totals = new Map<string, number>()
  for (const { currency, value } of items) totals.set(currency, (totals.get(currency) ?? 0) + value)
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, value]) => ({ currency, value: Math.round(value * 100) / 100 }))
}

const weightedOf = (deals: BoardCard[]) =>
  sumByCurrency(deals.map((deal) => ({ ...deal, value: (deal.value * deal.probability) / 100 })))

function column(stageId: string, deals: BoardCard[]): BoardColumn {
  return {
    stageId,
    count: deals.length,
    totals: sumByCurrency(deals),
    weighted: weightedOf(deals),
    deals,
  }
}

// Soonest next activity first; a deal with none after every deal with one, as Pipedrive sorts.
const nextDue = (card: BoardCard) =>
  // '~' sorts after every ISO date in code-unit order.
  card.nextActivity ? (card.nextActivity.dueAt ?? '~') : '~~'
const byNextActivity = (a: BoardCard, b: BoardCard) => {
  const [dueA, dueB] = [nextDue(a), nextDue(b)]
  if (dueA !== dueB) return dueA < dueB ? -1 : 1
  return a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0
}

/**
 * A pipeline as the board shows it: a column per stage in order, each with its count, sums and
 * weighted sums per currency; open stages hold every deal, won and lost stages this month's (a
 * board of years would otherwise pile up there); and the header's open, weighted and won totals.
 */
export async function getBoard(
  db: Db,
  tenantId: string,
  pipelineId: string,
  now: Date,
): Promise<Board> {
  const pipeline = await getPipeline(db, tenantId, pipelineId)
  const timeZone = workspaceTimeZone(await getWorkspace(db, tenantId))
  const month = wallClockOf(now, timeZone).date.slice(0, 7)
  const monthStart = instantOf(`${month}-01`, null, timeZone)
  const stages = new Map(pipeline.stages.map((stage) => [stage.id, stage]))
  const byStage = new Map<string, BoardCard[]>(pipeline.stages.map((stage) => [stage.id, []]))
  for (const row of await board.listBoardCards(db, tenantId, pipelineId, monthStart)) {
    const stage = stages.get(row.stageId)
    if (!stage) continue
    const rottingDays = stage.type === 'open' ? stage.rottingDays : null
    byStage.get(row.stageId)!.push({
      ...row,
      probability: row.probability ?? stageProbability(stage),
      nextActivity: row.nextActivity ? JSON.parse(row.nextActivity) : null,
      rotting:
        rottingDays !== null &&
        now.getTime() - Date.parse(row.updatedAt) > rottingDays * 86_400_000,
    })
  }
  const columns = pipeline.stages.map((stage) => {
    const deals = byStage.get(stage.id)!
    if (stage.type === 'open') deals.sort(byNextActivity)
    return column(stage.id, deals)
  })
  const cardsOf = (type: Stage['type']) =>
    pipeline.stages
      .filter((stage) => stage.type === type)
      .flatMap((stage) => byStage.get(stage.id)!)
  const open = cardsOf('open')
  return {
    pipeline,
    columns,
    summary: {
      open: sumByCurrency(open),
      weighted: weightedOf(open),
      wonThisMonth: sumByCurrency(cardsOf('won')),
      month,
    },
  }
}
