import { refuseReplicaSettings } from '../sync/workspace-settings'
import { newId } from '../ids'
import type { Selectable } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { PipelineTable } from '../db/database'
import { countDealsUsing } from '../deals/usage'
import { ApiError, notFound } from '../http/errors'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import * as pipelines from './repository'
import type {
  CreatePipelineInput,
  CreateStageInput,
  Pipeline,
  Stage,
  UpdatePipelineInput,
  UpdateStageInput,
} from './schema'

/** `ids` with `id` moved to index `to` (clamped to the list). */
function moveTo(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((other) => other !== id)
  rest.splice(Math.min(to, rest.length), 0, id)
  return rest
}

async function withStages(db: Db, rows: Selectable<PipelineTable>[]): Promise<Pipeline[]> {
  const stages = await pipelines.listStagesOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    ...row,
    stages: stages.filter((stage) => stage.pipelineId === row.id),
  }))
}

export async function getPipeline(db: Db, tenantId: string, id: string): Promise<Pipeline> {
  const row = await pipelines.findPipelineById(db, tenantId, id)
  if (!row) throw notFound('Pipeline')
  const [pipeline] = await withStages(db, [row])
  return pipeline!
}

/** Pipelines in board order (their `position`), each with its stages. */
export async function listPipelines(
  db: Db,
  tenantId: string,
  request: PageRequest,
): Promise<Page<Pipeline>> {
  const page = await paginate(
    request,
    () => pipelines.countPipelines(db, tenantId),
    (limit, offset) => pipelines.listPipelines(db, tenantId, limit, offset),
  )
  return { ...page, data: await withStages(db, page.data) }
}

export async function createPipeline(
  db: Db,
  tenantId: string,
  input: CreatePipelineInput,
  now: Date,
): Promise<Pipeline> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const id = newId()
    const createdAt = now.toISOString()
    const position = await pipelines.countPipelines(trx, tenantId)
    await pipelines.insertPipeline(trx, {
      id,
      tenantId,
      name: input.name,
      position,
      createdAt,
      updatedAt: createdAt,
    })
    await pipelines.insertStages(
      trx,
      input.stages.map((stage, index) => ({
        id: newId(),
        tenantId,
        pipelineId: id,
        name: stage.name,
        type: stage.type,
        position: index,
        probability: stage.probability ?? null,
        rottingDays: stage.rottingDays ?? null,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    return getPipeline(trx, tenantId, id)
  })
}

export async function updatePipeline(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdatePipelineInput,
  now: Date,
): Promise<Pipeline> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const before = await getPipeline(trx, tenantId, id)
    const updatedAt = now.toISOString()
    if (input.name !== undefined && input.name !== before.name) {
      await pipelines.updatePipeline(trx, id, { name: input.name, updatedAt })
    }
    if (input.position !== undefined && input.position !== before.position) {
      const order = moveTo(await pipelines.listPipelineIds(trx, tenantId), id, input.position)
      for (const [position, pipelineId] of order.entries()) {
        await pipelines.updatePipeline(trx, pipelineId, { position })
      }
      await pipelines.updatePipeline(trx, id, { updatedAt })
    }
    return getPipeline(trx, tenantId, id)
  })
}

function refuseWhileDealsIn(resource: 'pipeline' | 'stage', count: number): void {
  if (count > 0) {
    throw new ApiError(
      'in_use',
      `${count} deal(s) are in this ${resource}; move or delete them first`,
      { dealCount: count, resource },
    )
  }
}

export async function deletePipeline(db: Db, tenantId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    await getPipeline(trx, tenantId, id)
    refuseWhileDealsIn('pipeline', await countDealsUsing(trx, tenantId, 'pipelineId', id))
    await pipelines.deletePipeline(trx, id)
    const order = await pipelines.listPipelineIds(trx, tenantId)
    for (const [position, pipelineId] of order.entries()) {
      await pipelines.updatePipeline(trx, pipelineId, { position })
    }
  })
}

async function writeStageOrder(db: Db, stageIds: readonly string[]): Promise<void> {
  for (const [position, stageId] of stageIds.entries()) {
    await pipelines.updateStage(db, stageId, { position })
  }
}

export async function addStage(
  db: Db,
  tenantId: string,
  pipelineId: string,
  input: CreateStageInput,
  now: Date,
): Promise<Stage> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const pipeline = await getPipeline(trx, tenantId, pipelineId)
    const id = newId()
    const createdAt = now.toISOString()
    await pipelines.insertStages(trx, [
      {
        id,
        tenantId,
        pipelineId,
        name: input.name,
        type: input.type,
        position: pipeline.stages.length,
        probability: input.probability ?? null,
        rottingDays: input.rottingDays ?? null,
        createdAt,
        updatedAt: createdAt,
      },
    ])
    const ids = pipeline.stages.map((stage) => stage.id)
    // Without a position, an open stage goes before the first won or lost one (the end of the
    // work, where the board keeps them), any other at the end.
    const firstClosing = pipeline.stages.findIndex((stage) => stage.type !== 'open')
    const fallback = input.type === 'open' && firstClosing >= 0 ? firstClosing : ids.length
    await writeStageOrder(trx, moveTo(ids, id, input.position ?? fallback))
    return getStage(trx, tenantId, pipelineId, id)
  })
}

async function getStage(db: Db, tenantId: string, pipelineId: string, id: string): Promise<Stage> {
  const stage = await pipelines.findStageById(db, tenantId, id)
  if (!stage || stage.pipelineId !== pipelineId) throw notFound('Stage')
  return stage
}

export async function updateStage(
  db: Db,
  tenantId: string,
  pipelineId: string,
  id: string,
  input: UpdateStageInput,
  now: Date,
): Promise<Stage> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const pipeline = await getPipeline(trx, tenantId, pipelineId)
    const before = await getStage(trx, tenantId, pipelineId, id)
    const updatedAt = now.toISOString()
    if (input.type !== undefined && input.type !== before.type) {
      // Deals in the stage would change state (closed, or lost without a reason) behind the user's back.
      refuseWhileDealsIn('stage', await countDealsUsing(trx, tenantId, 'stageId', id))
    }
    const changes = Object.fromEntries(
      (['name', 'type', 'probability', 'rottingDays'] as const)
        .filter((field) => input[field] !== undefined && input[field] !== before[field])
        .map((field) => [field, input[field]]),
    )
    if (Object.keys(changes).length > 0) {
      await pipelines.updateStage(trx, id, { ...changes, updatedAt })
    }
    if (input.position !== undefined && input.position !== before.position) {
      const ids = pipeline.stages.map((stage) => stage.id)
      await writeStageOrder(trx, moveTo(ids, id, input.position))
      await pipelines.updateStage(trx, id, { updatedAt })
    }
    return getStage(trx, tenantId, pipelineId, id)
  })
}

export async function deleteStage(db: Db, tenantId: string, pipelineId: string, id: string) {
  await inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const pipeline = await getPipeline(trx, tenantId, pipelineId)
    await getStage(trx, tenantId, pipelineId, id)
    refuseWhileDealsIn('stage', await countDealsUsing(trx, tenantId, 'stageId', id))
    await pipelines.deleteStage(trx, id)
    await writeStageOrder(
      trx,
      pipeline.stages.map((stage) => stage.id).filter((stageId) => stageId !== id),
    )
  })
}

/** Puts the stages in the given order; the list must hold every stage of the pipeline once. */
export async function reorderStages(
  db: Db,
  tenantId: string,
  pipelineId: string,
  stageIds: readonly string[],
  now: Date,
): Promise<Pipeline> {
  return inTransaction(db, async (trx) => {
    await refuseReplicaSettings(trx, tenantId)
    const pipeline = await getPipeline(trx, tenantId, pipelineId)
    const current = new Set(pipeline.stages.map((stage) => stage.id))
    const given = new Set(stageIds)
    if (
      given.size !== stageIds.length ||
      given.size !== current.size ||
      ![...given].every((id) => current.has(id))
    ) {
      throw new ApiError(
        'invalid_stage_order',
        'stageIds must list every stage of the pipeline exactly once',
        {
          field: 'stageIds',
        },
      )
    }
    await writeStageOrder(trx, stageIds)
    await pipelines.updatePipeline(trx, pipelineId, { updatedAt: now.toISOString() })
    return getPipeline(trx, tenantId, pipelineId)
  })
}
