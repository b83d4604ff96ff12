import { createRoute, z } from '@hono/zod-openapi'
import { withAudit } from '../audit/with-audit'
import type { RouteDeps } from '../app-env'
import { boardRoutes } from '../deals/board-routes'
import { crudRoutes } from '../http/crud-routes'
import { errorResponses, jsonRequest, jsonResponse, noContent } from '../http/schema-types'
import {
  createPipelineBody,
  createStageBody,
  pipelinePageSchema,
  pipelineSchema,
  reorderStagesBody,
  stageSchema,
  updatePipelineBody,
  updateStageBody,
} from './schema'
import {
  addStage,
  createPipeline,
  deletePipeline,
  deleteStage,
  getPipeline,
  listPipelines,
  reorderStages,
  updatePipeline,
  updateStage,
} from './service'

const tag = 'Pipelines'
const tags = [tag]
const pathId = (name: string) => z.string().openapi({ param: { name, in: 'path' }, format: 'uuid' })
const pipelineParams = z.object({ id: pathId('id') })
const stageParams = z.object({ id: pathId('id'), stageId: pathId('stageId') })
const writeErrors = [400, 401, 403, 404, 413, 415, 429]

/** /api/app/v1/pipelines: pipelines, their stages, and each one's board (the deals area's view). */
export function pipelinesRoutes(deps: RouteDeps) {
  const { clock } = deps
  return crudRoutes(deps, {
    audit: 'pipeline',
    tag,
    noun: 'pipeline',
    basePath: '/api/app/v1/pipelines',
    item: pipelineSchema,
    page: pipelinePageSchema,
    createBody: createPipelineBody,
    updateBody: updatePipelineBody,
    summaries: {
      list: 'List pipelines in board order, each with its stages',
      get: 'Get a pipeline with its stages',
      create: 'Create a pipeline, optionally with its stages',
      update: 'Rename a pipeline or move it in the board order',
    },
    deleteSummary: 'Delete an empty pipeline (409 while it holds deals)',
    createErrors: [404],
    deleteErrors: [409],
    authErrors: [403],
    service: {
      list: listPipelines,
      get: getPipeline,
      create: createPipeline,
      update: updatePipeline,
      remove: deletePipeline,
    },
  })
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/stages',
        tags,
        operationId: 'createStage',
        summary: 'Add a stage (at the end unless a position is given)',
        description:
          'Adds a stage to the pipeline, at the end unless `position` is given; the stages after it move down.',
        request: { params: pipelineParams, ...jsonRequest(createStageBody) },
        responses: {
          201: jsonResponse(stageSchema, 'The created stage'),
          ...errorResponses(...writeErrors),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const input = c.req.valid('json')
        const record = {
          action: 'create',
          targetType: 'stage',
          targetId: null,
          changes: { pipelineId: id, ...input },
        } as const
        const stage = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          addStage(trx, c.get('auth').tenantId, id, input, clock.now()),
        )
        return c.json(stage, 201)
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/stages/order',
        tags,
        operationId: 'reorderStages',
        summary: 'Reorder all the stages of a pipeline',
        description:
          'Sets the order of the stages; the body lists every stage of the pipeline once.',
        request: { params: pipelineParams, ...jsonRequest(reorderStagesBody) },
        responses: {
          200: jsonResponse(pipelineSchema, 'The pipeline in its new order'),
          ...errorResponses(...writeErrors, 422),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const { stageIds } = c.req.valid('json')
        const record = {
          action: 'update',
          targetType: 'pipeline',
          targetId: id,
          changes: { stageIds },
        } as const
        const pipeline = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          reorderStages(trx, c.get('auth').tenantId, id, stageIds, clock.now()),
        )
        return c.json(pipeline, 200)
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/{id}/stages/{stageId}',
        tags,
        operationId: 'updateStage',
        summary: 'Rename, retype or move a stage (its type is fixed while it holds deals)',
        description: 'Changes the fields sent; a stage that holds deals keeps its type (409).',
        request: { params: stageParams, ...jsonRequest(updateStageBody) },
        responses: {
          200: jsonResponse(stageSchema, 'The updated stage'),
          ...errorResponses(...writeErrors, 409),
        },
      }),
      async (c) => {
        const { id, stageId } = c.req.valid('param')
        const input = c.req.valid('json')
        const record = {
          action: 'update',
          targetType: 'stage',
          targetId: stageId,
          changes: input,
        } as const
        const stage = await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          updateStage(trx, c.get('auth').tenantId, id, stageId, input, clock.now()),
        )
        return c.json(stage, 200)
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/{id}/stages/{stageId}',
        tags,
        operationId: 'deleteStage',
        summary: 'Delete an empty stage (409 while it holds deals)',
        description: 'Deletes a stage that holds no deals; 409 while it holds some.',
        request: { params: stageParams },
        responses: { 204: noContent, ...errorResponses(401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const { id, stageId } = c.req.valid('param')
        const record = { action: 'delete', targetType: 'stage', targetId: stageId } as const
        await withAudit(c.get('db'), c.get('auth'), clock.now(), record, (trx) =>
          deleteStage(trx, c.get('auth').tenantId, id, stageId),
        )
        return c.body(null, 204)
      },
    )
    .route('/', boardRoutes(deps))
}
