// Lookups of pipelines and stages: what other areas may ask of this one without importing its service, so services
// depend downward only (see docs/architecture.md, Dependency rules).
import type { Db } from '../db/connection'
import type { StageType } from '../db/database'
import { ApiError, unknownReference } from '../http/errors'
import * as pipelines from './repository'

export interface StageRef {
  id: string
  pipelineId: string
  type: StageType
}

/**
 * A stage of another pipeline than the deal's: the one answer for it through REST, inbound
 * webhooks and CSV import alike.
 */
export const stageNotInPipeline = (field: string, pipelineId: string): ApiError =>
  new ApiError(
    'stage_not_in_pipeline',
    `${field} is a stage of another pipeline; a deal moves only between its own pipeline's stages`,
    { field, pipelineId },
  )

/** The stage with this id in the workspace, or undefined. */
export async function findStage(
  db: Db,
  tenantId: string,
  id: string,
): Promise<StageRef | undefined> {
  return pipelines.findStageById(db, tenantId, id)
}

/** 422 naming `field` unless `id` is a pipeline of this workspace. */
export async function requirePipeline(db: Db, tenantId: string, id: string, field: string) {
  if (!(await pipelines.findPipelineById(db, tenantId, id)))
    throw unknownReference(field, 'pipeline')
}
