// Post-receipt actions: what happens to a record besides mapping it. Owners handed out in turn
// (owners.ts), tags added to every person, and a deal created for each new person (deal-draft.ts).

import type { z } from '@hono/zod-openapi'
import { defaultCurrency } from '../../shared/fields/currency'
import { parseAmount } from '../../shared/fields/money'
import { normalizeTags } from '../../shared/tags'
import type { InboundObjectType } from '../db/database'
import { badSetting } from './errors'
import { compileField, type CompiledValue } from './mapping'
import type { actionsSchema } from './schema'

/** The actions as configured (the management API's shape). */
export type ActionsConfig = z.infer<typeof actionsSchema>

/** The create-deal action, compiled: its title and value are templates over the payload. */
export interface CreateDealAction {
  pipelineId: string
  stageId: string
  title: CompiledValue
  value: CompiledValue | null
  currency: string
}

/** The actions checked and compiled. */
export interface IntakeActions {
  ownerIds: readonly string[]
  addTags: readonly string[]
  createDeal: CreateDealAction | null
}

function compileCreateDeal(
  objectType: InboundObjectType,
  action: NonNullable<ActionsConfig['createDeal']>,
): CreateDealAction {
  if (objectType !== 'person') {
    throw badSetting(
      'actions.createDeal',
      'applies to person webhooks; a deal webhook creates deals',
    )
  }
  const value =
    action.value === undefined ? null : compileField('actions.createDeal.value', action.value)
  if (value?.kind === 'constant' && parseAmount(value.value) === undefined) {
    throw badSetting('actions.createDeal.value', 'must be a number or a template')
  }
  return {
    pipelineId: action.pipelineId,
    stageId: action.stageId,
    title: compileField('actions.createDeal.title', action.title),
    value,
    currency: action.currency?.toUpperCase() ?? defaultCurrency,
  }
}

/** Checks and compiles the actions; a 400 naming the setting that cannot work. */
export function compileActions(
  objectType: InboundObjectType,
  actions: ActionsConfig,
): IntakeActions {
  return {
    createDeal: actions.createDeal ? compileCreateDeal(objectType, actions.createDeal) : null,
    ownerIds: actions.assignOwner?.userIds ?? [],
    addTags: normalizeTags(actions.addTags ?? []),
  }
}
