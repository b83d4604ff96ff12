import type { Db } from '../db/connection'
import { getPipeline } from '../pipelines/service'
import * as board from './board-repository'
import type { Board, BoardCard, BoardColumn } from './board-schema'

function column(stageId: string, deals: BoardCard[]): BoardColumn {
  const totals = new Map<string, number>()
  for (const deal of deals) totals.set(deal.currency, (totals.get(deal.currency) ?? 0) + deal.value)
  return {
    stageId,
    count: deals.length,
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, value]) => ({ currency, value })),
    deals,
  }
}

/**
 * A pipeline as the board shows it: one column per stage in order, each with its deals, their
 * count and the sum of their values per currency (values in different currencies are never added).
 */
export async function getBoard(db: Db, tenantId: string, pipelineId: string): Promise<Board> {
  const pipeline = await getPipeline(db, tenantId, pipelineId)
  const byStage = new Map<string, BoardCard[]>(pipeline.stages.map((stage) => [stage.id, []]))
  for (const card of await board.listBoardCards(db, tenantId, pipelineId)) {
    byStage.get(card.stageId)?.push(card)
  }
  return {
    pipeline,
    columns: pipeline.stages.map((stage) => column(stage.id, byStage.get(stage.id) ?? [])),
  }
}
