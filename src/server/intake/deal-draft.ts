// The deal a record creates: the one a deal webhook maps, or the one a create-deal action makes
// for each new person.

import { defaultCurrency } from '../../shared/fields/currency'
import { parseAmount } from '../../shared/fields/money'
import { ApiError } from '../http/errors'
import type { CreateDealAction } from './actions'
import { noValue } from './errors'
import { evaluateValue } from './mapping'
import type { MappedRecord } from './targets'

export interface DealDraft {
  title: string
  value: number
  currency: string
  pipelineId: string
  stageId: string
  expectedCloseDate?: string
}

/** The deal a deal webhook's mapping describes; a 422 naming a required field it lacks. */
export function dealFromMapping(record: MappedRecord): DealDraft {
  const { deal } = record
  if (!deal.title) throw noValue('title', 'payload')
  if (!deal.pipelineId) throw noValue('pipelineId', 'payload')
  if (!deal.stageId) throw noValue('stageId', 'payload')
  return {
    title: deal.title,
    value: deal.value ?? 0,
    currency: deal.currency ?? defaultCurrency,
    pipelineId: deal.pipelineId,
    stageId: deal.stageId,
    ...(deal.expectedCloseDate ? { expectedCloseDate: deal.expectedCloseDate } : {}),
  }
}

/** The deal a create-deal action makes for a new person, its templates read from the payload. */
export function dealFromAction(
  action: CreateDealAction,
  record: MappedRecord,
  payload: unknown,
): DealDraft {
  const title = evaluateValue(action.title, payload)
  const value = action.value ? evaluateValue(action.value, payload) : undefined
  const amount = value === undefined ? 0 : parseAmount(value)
  if (amount === undefined || amount < 0) {
    throw new ApiError('validation_error', 'The value of the deal to create is not a number', {
      field: 'actions.createDeal.value',
    })
  }
  const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim().slice(0, 200) : ''
  return {
    // A person is created with the deal, and a created person always has a name.
    title: text || record.person.fullName!,
    value: amount,
    currency: action.currency,
    pipelineId: action.pipelineId,
    stageId: action.stageId,
  }
}
