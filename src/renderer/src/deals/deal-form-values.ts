import type { Path } from 'react-hook-form'
import type { Deal, Pipeline } from '../api/types'
import { formatTypedMoney, parseTypedMoney } from '../../../shared/fields/money-input'
import { defaultCurrency, userLocale } from '../format/locale'

// The deal form's values: read from a deal, and back into the API's body.

export interface DealFormValues {
  title: string
  value: string
  currency: string
  pipelineId: string
  stageId: string
  lostReasonId: string
  ownerId: string
  primaryPersonId: string
  primaryCompanyId: string
  expectedCloseDate: string
  tags: string
}

export const fields: Path<DealFormValues>[] = [
  'title',
  'value',
  'currency',
  'pipelineId',
  'stageId',
  'lostReasonId',
  'ownerId',
  'primaryPersonId',
  'primaryCompanyId',
  'expectedCloseDate',
  'tags',
]

export function valuesOf(deal: Deal): DealFormValues {
  return {
    title: deal.title,
    value: formatTypedMoney(deal.value, userLocale),
    currency: deal.currency,
    pipelineId: deal.pipelineId,
    stageId: deal.stageId,
    lostReasonId: deal.lostReasonId ?? '',
    ownerId: deal.ownerId ?? '',
    primaryPersonId: deal.primaryPersonId ?? '',
    primaryCompanyId: deal.primaryCompanyId ?? '',
    expectedCloseDate: deal.expectedCloseDate ?? '',
    tags: deal.tags.join(', '),
  }
}

// The value as the user writes numbers (`12.345,50` in pt-BR): one reading, shared with the check.
export const readValue = (text: string) => parseTypedMoney(text, userLocale)

/** The value typed; none is 0, as the placeholder shows (a lead's worth is often not known yet). */
function typedValue(text: string): number {
  if (text.trim() === '') return 0
  const read = readValue(text)
  // The form's validation ran first; a refusal here would be a bug, so it fails loudly.
  if (!read.ok) throw new Error(`Value ${read.message}`)
  return read.value
}

/** Form values to the API body: empty optional fields are left out on create, cleared on edit. */
export function toChanges(values: DealFormValues, editing: Deal | undefined) {
  const optional = (value: string) => (value === '' ? (editing ? null : undefined) : value)
  return {
    title: values.title,
    value: typedValue(values.value),
    currency: values.currency,
    stageId: values.stageId,
    ownerId: optional(values.ownerId),
    primaryPersonId: optional(values.primaryPersonId),
    primaryCompanyId: optional(values.primaryCompanyId),
    expectedCloseDate: optional(values.expectedCloseDate),
    tags: values.tags.split(',').filter((tag) => tag.trim() !== ''),
    ...(values.lostReasonId ? { lostReasonId: values.lostReasonId } : {}),
  }
}

/** A new deal: its fields from nothing, in the pipeline chosen. */
export const toNewDeal = (values: DealFormValues) => ({
  ...toChanges(values, undefined),
  pipelineId: values.pipelineId,
})

/**
 * A new deal's values: the defaults given (the board gives its pipeline), in `pipeline`'s first
 * stage.
 */
export function newDealValues(
  defaults: Partial<DealFormValues> | undefined,
  pipeline: Pipeline | undefined,
): DealFormValues {
  return {
    title: '',
    value: '',
    currency: defaultCurrency,
    pipelineId: pipeline?.id ?? '',
    stageId: pipeline?.stages[0]?.id ?? '',
    lostReasonId: '',
    ownerId: '',
    primaryPersonId: '',
    primaryCompanyId: '',
    expectedCloseDate: '',
    tags: '',
    ...defaults,
  }
}
