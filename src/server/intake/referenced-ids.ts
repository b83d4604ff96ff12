// The ids a configuration names (owners, company, pipeline, stage), checked against the workspace
// when it is saved.

import { requireCompany } from '../companies/lookup'
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { findStage, requirePipeline, stageNotInPipeline } from '../pipelines/lookup'
import { requireUser } from '../users/lookup'
import type { IntakeConfig } from './settings'

const notThere = (field: string, message: string) =>
  new ApiError('invalid_reference', `${field} ${message}`, { field })

/** A stage a new deal may enter: of the pipeline, and not lost (that needs a lost reason). */
async function requireStageOfPipeline(
  db: Db,
  tenantId: string,
  pipelineId: string,
  stageId: string,
  field: string,
) {
  const stage = await findStage(db, tenantId, stageId)
  if (!stage) throw notThere(field, 'is not a stage of the chosen pipeline')
  if (stage.pipelineId !== pipelineId) throw stageNotInPipeline(field, pipelineId)
  if (stage.type === 'lost') {
    throw notThere(field, 'is a lost stage; a deal entering it needs a lost reason')
  }
}

/** The ids a mapping gives as constants: the same for every payload, so checked once. */
function constantIds(config: IntakeConfig) {
  const constant = (field: string) => {
    const value = config.mapping[field]
    return typeof value === 'string' && !value.includes('{{') ? value.trim().toLowerCase() : null
  }
  return {
    ownerId: constant('ownerId'),
    companyId: constant('companyId'),
    pipelineId: constant('pipelineId'),
    stageId: constant('stageId'),
  }
}

async function checkMappedIds(db: Db, tenantId: string, config: IntakeConfig) {
  const { ownerId, companyId, pipelineId, stageId } = constantIds(config)
  if (ownerId) await requireUser(db, tenantId, ownerId, 'mapping.ownerId')
  if (companyId) await requireCompany(db, tenantId, companyId, 'mapping.companyId')
  if (pipelineId) await requirePipeline(db, tenantId, pipelineId, 'mapping.pipelineId')
  if (pipelineId && stageId) {
    await requireStageOfPipeline(db, tenantId, pipelineId, stageId, 'mapping.stageId')
  }
}

async function checkActionIds(db: Db, tenantId: string, config: IntakeConfig) {
  for (const [index, userId] of (config.actions.assignOwner?.userIds ?? []).entries()) {
    await requireUser(db, tenantId, userId, `actions.assignOwner.userIds[${index}]`)
  }
  const action = config.actions.createDeal
  if (action) {
    await requirePipeline(db, tenantId, action.pipelineId, 'actions.createDeal.pipelineId')
    const field = 'actions.createDeal.stageId'
    await requireStageOfPipeline(db, tenantId, action.pipelineId, action.stageId, field)
  }
}

/**
 * Checks the ids a configuration names against the workspace: a 422 `invalid_reference` naming
 * the field when one is not there.
 */
export async function checkReferences(
  db: Db,
  tenantId: string,
  config: IntakeConfig,
): Promise<void> {
  await checkMappedIds(db, tenantId, config)
  await checkActionIds(db, tenantId, config)
}
