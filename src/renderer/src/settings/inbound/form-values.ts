import type { UseFormSetError } from 'react-hook-form'
import type { DedupeStrategy, InboundObjectType, InboundWebhook } from '../../api/types'
import { ApiRequestError, errorMessage } from '../../api/client'
import type { InboundWebhookInput } from '../../api/integrations'
import { defaultCurrency, userLocale } from '../../format/locale'
import { i18next } from '../../i18n/i18n'
import { formatTypedMoney, parseTypedMoney } from '../../../../shared/fields/money-input'
import { namesItsHeader } from '../../../../shared/verification-kinds'
import { customTarget, toMapping, toRows, type MappingRow } from './mapping-targets'

// The inbound webhook form's values and how they convert to and from the API's settings.

export interface FormValues {
  name: string
  objectType: InboundObjectType
  enabled: boolean
  /** Typed text; a whole number from 1 to 100,000 when valid. */
  rateLimitPerMinute: string
  /** Typed text: whole numbers, requests (10 to 10,000) and MiB (1 to 1,024). */
  logMaxRequests: string
  logMaxMiB: string
  defaultCountry: string
  strategy: DedupeStrategy
  compositeFields: string
  /** Where the body holds the sender's delivery id; empty for none. */
  deliveryIdPath: string
  /** The thank-you page a plain HTML form's browser goes to; empty answers JSON. */
  redirectUrl: string
  /** Origins (comma-separated) whose pages may post with fetch. */
  allowedOrigins: string
  verificationKind: InboundWebhook['verification']['kind']
  verificationHeader: string
  /** A new secret; empty keeps the stored one. */
  verificationSecret: string
  mapping: MappingRow[]
  ownerIds: string[]
  addTags: string
  createDeal: boolean
  dealPipelineId: string
  dealStageId: string
  dealTitle: string
  dealValue: string
  dealCurrency: string
}

const mebibyte = 1024 * 1024

const starterMapping: MappingRow[] = [
  { target: 'fullName', customKey: '', value: '{{name}}' },
  { target: 'primaryEmail', customKey: '', value: '{{email}}' },
  { target: 'primaryPhone', customKey: '', value: '{{phone}}' },
]

export function valuesOf(webhook: InboundWebhook | undefined): FormValues {
  const deal = webhook?.actions.createDeal
  return {
    name: webhook?.name ?? '',
    objectType: webhook?.objectType ?? 'person',
    enabled: webhook?.enabled ?? true,
    rateLimitPerMinute: String(webhook?.rateLimitPerMinute ?? 300),
    logMaxRequests: String(webhook?.logMaxRequests ?? 500),
    logMaxMiB: String(Math.round((webhook?.logMaxBytes ?? 8 * mebibyte) / mebibyte)),
    defaultCountry: webhook?.defaultCountry ?? 'BR',
    strategy: webhook?.dedupe.strategy ?? 'email',
    compositeFields: webhook?.dedupe.fields.join(', ') ?? '',
    deliveryIdPath: webhook?.deliveryIdPath ?? '',
    redirectUrl: webhook?.redirectUrl ?? '',
    allowedOrigins: webhook?.allowedOrigins.join(', ') ?? '',
    verificationKind: webhook?.verification.kind ?? 'none',
    verificationHeader: webhook?.verification.header ?? '',
    verificationSecret: '',
    mapping: webhook ? toRows(webhook.mapping) : starterMapping,
    ownerIds: webhook?.actions.assignOwner?.userIds ?? [],
    addTags: webhook?.actions.addTags.join(', ') ?? '',
    createDeal: Boolean(deal),
    dealPipelineId: deal?.pipelineId ?? '',
    dealStageId: deal?.stageId ?? '',
    // `{{name}}` is the payload's placeholder, passed through as it is.
    dealTitle: deal?.title ?? i18next.t('inbound:form.defaultDealTitle', { name: '{{name}}' }),
    dealValue:
      typeof deal?.value === 'number'
        ? formatTypedMoney(deal.value, userLocale)
        : (deal?.value ?? ''),
    dealCurrency: deal?.currency ?? defaultCurrency,
  }
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

// A deal value is a placeholder (`{{amount}}`, read from each payload) or an amount typed as the
// user writes numbers: `1.500` is fifteen hundred for a Brazilian user, never 1.5.
export const isPlaceholder = (text: string) => text.includes('{{')
export const readDealValue = (text: string) => parseTypedMoney(text, userLocale)

function dealValueOf(text: string): string | number {
  if (isPlaceholder(text)) return text
  const read = readDealValue(text)
  // The form's validation ran first; a refusal here would be a bug, so it fails loudly.
  if (!read.ok) throw new Error(`Value ${read.message}`)
  return read.value
}

export function toInput(values: FormValues): InboundWebhookInput {
  const value = values.dealValue.trim()
  return {
    name: values.name,
    objectType: values.objectType,
    enabled: values.enabled,
    rateLimitPerMinute: Number(values.rateLimitPerMinute),
    logMaxRequests: Number(values.logMaxRequests),
    logMaxBytes: Number(values.logMaxMiB) * mebibyte,
    defaultCountry: values.defaultCountry,
    deliveryIdPath: values.deliveryIdPath.trim() || null,
    redirectUrl: values.redirectUrl.trim() || null,
    allowedOrigins: list(values.allowedOrigins),
    verification:
      values.verificationKind === 'none'
        ? { kind: 'none' }
        : {
            kind: values.verificationKind,
            ...(namesItsHeader(values.verificationKind)
              ? { header: values.verificationHeader.trim() }
              : {}),
            ...(values.verificationSecret ? { secret: values.verificationSecret } : {}),
          },
    mapping: toMapping(values.mapping),
    dedupe: {
      strategy: values.strategy,
      ...(values.strategy === 'composite' ? { fields: list(values.compositeFields) } : {}),
    },
    actions: {
      assignOwner: values.ownerIds.length > 0 ? { userIds: values.ownerIds } : null,
      addTags: list(values.addTags),
      createDeal:
        values.createDeal && values.objectType === 'person'
          ? {
              pipelineId: values.dealPipelineId,
              stageId: values.dealStageId,
              title: values.dealTitle,
              ...(value ? { value: dealValueOf(value) } : {}),
              currency: values.dealCurrency,
            }
          : null,
    },
  }
}

/** Puts the server's `details.field` (`mapping.fullName`, `actions.createDeal.stageId`) in place. */
export function showServerError(
  error: unknown,
  rows: readonly MappingRow[],
  setError: UseFormSetError<FormValues>,
): string | null {
  const field = error instanceof ApiRequestError ? error.field : undefined
  const message = errorMessage(error)
  if (!field) return message
  const direct: Record<string, keyof FormValues> = {
    name: 'name',
    rateLimitPerMinute: 'rateLimitPerMinute',
    logMaxRequests: 'logMaxRequests',
    logMaxBytes: 'logMaxMiB',
    defaultCountry: 'defaultCountry',
    'dedupe.fields': 'compositeFields',
    deliveryIdPath: 'deliveryIdPath',
    redirectUrl: 'redirectUrl',
    allowedOrigins: 'allowedOrigins',
    'verification.header': 'verificationHeader',
    'verification.secret': 'verificationSecret',
    'actions.addTags': 'addTags',
    'actions.assignOwner.userIds': 'ownerIds',
    'actions.createDeal.pipelineId': 'dealPipelineId',
    'actions.createDeal.stageId': 'dealStageId',
    'actions.createDeal.title': 'dealTitle',
    'actions.createDeal.value': 'dealValue',
  }
  const name = Object.entries(direct).find(([path]) => field.startsWith(path))?.[1]
  if (name) {
    setError(name, { type: 'server', message })
    return null
  }
  const target = field.replace(/^mapping\./, '').replace(/\[\d+\]$/, '')
  const index = rows.findIndex((row) =>
    row.target === customTarget
      ? `customFields.${row.customKey}` === target
      : row.target === target,
  )
  if (field.startsWith('mapping.') && index >= 0) {
    setError(`mapping.${index}.value`, { type: 'server', message })
    return null
  }
  return message
}
