import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useFieldArray, useForm, useWatch, type UseFormSetError } from 'react-hook-form'
import type {
  DedupeStrategy,
  InboundObjectType,
  InboundWebhook,
  InboundWebhookWithUrl,
} from '../../../../shared/api-types'
import { ApiRequestError, errorMessage } from '../../api/client'
import { inbound, type InboundWebhookInput } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { useCurrencies, usePipelines, useUsers } from '../../api/reference-data'
import { controlProps, Field } from '../../ui/field'
import { fieldRule } from '../../forms/field-rules'
import { userLocale } from '../../format/locale'
import { formatTypedMoney, parseTypedMoney } from '../../../../shared/fields/money-input'
import { useToast } from '../../ui/toast'
import {
  customTarget,
  listTargets,
  targetsFor,
  toMapping,
  toRows,
  type MappingRow,
} from './mapping-targets'

interface FormValues {
  name: string
  objectType: InboundObjectType
  enabled: boolean
  defaultCountry: string
  strategy: DedupeStrategy
  compositeFields: string
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

const starterMapping: MappingRow[] = [
  { target: 'fullName', customKey: '', value: '{{name}}' },
  { target: 'primaryEmail', customKey: '', value: '{{email}}' },
  { target: 'primaryPhone', customKey: '', value: '{{phone}}' },
]

function valuesOf(webhook: InboundWebhook | undefined): FormValues {
  const deal = webhook?.actions.createDeal
  return {
    name: webhook?.name ?? '',
    objectType: webhook?.objectType ?? 'person',
    enabled: webhook?.enabled ?? true,
    defaultCountry: webhook?.defaultCountry ?? 'BR',
    strategy: webhook?.dedupe.strategy ?? 'email',
    compositeFields: webhook?.dedupe.fields.join(', ') ?? '',
    mapping: webhook ? toRows(webhook.mapping) : starterMapping,
    ownerIds: webhook?.actions.assignOwner?.userIds ?? [],
    addTags: webhook?.actions.addTags.join(', ') ?? '',
    createDeal: Boolean(deal),
    dealPipelineId: deal?.pipelineId ?? '',
    dealStageId: deal?.stageId ?? '',
    dealTitle: deal?.title ?? 'New lead: {{name}}',
    dealValue:
      typeof deal?.value === 'number'
        ? formatTypedMoney(deal.value, userLocale)
        : (deal?.value ?? ''),
    dealCurrency: deal?.currency ?? 'BRL',
  }
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

// A deal value is a placeholder (`{{amount}}`, read from each payload) or an amount typed as the
// user writes numbers: `1.500` is fifteen hundred for a Brazilian user, never 1.5.
const isPlaceholder = (text: string) => text.includes('{{')
const readDealValue = (text: string) => parseTypedMoney(text, userLocale)

function dealValueOf(text: string): string | number {
  if (isPlaceholder(text)) return text
  const read = readDealValue(text)
  // The form's validation ran first; a refusal here would be a bug, so it fails loudly.
  if (!read.ok) throw new Error(`Value ${read.message}`)
  return read.value
}

function toInput(values: FormValues): InboundWebhookInput {
  const value = values.dealValue.trim()
  return {
    name: values.name,
    objectType: values.objectType,
    enabled: values.enabled,
    defaultCountry: values.defaultCountry,
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
function showServerError(
  error: unknown,
  rows: readonly MappingRow[],
  setError: UseFormSetError<FormValues>,
): string | null {
  const field = error instanceof ApiRequestError ? error.field : undefined
  const message = errorMessage(error)
  if (!field) return message
  const direct: Record<string, keyof FormValues> = {
    name: 'name',
    defaultCountry: 'defaultCountry',
    'dedupe.fields': 'compositeFields',
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

/** The settings of an inbound webhook: mapping, deduplication and what happens after receipt. */
export function InboundForm({
  webhook,
  onCreated,
}: {
  webhook?: InboundWebhook
  onCreated(created: InboundWebhookWithUrl): void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const users = useUsers()
  const pipelines = usePipelines()
  const currencies = useCurrencies()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormValues>({ defaultValues: valuesOf(webhook) })
  const { register, control, handleSubmit, setError, formState } = form
  const errors = formState.errors
  const rows = useFieldArray({ control, name: 'mapping' })
  const [objectType, strategy, createDeal, dealPipelineId, mapping] = useWatch({
    control,
    name: ['objectType', 'strategy', 'createDeal', 'dealPipelineId', 'mapping'],
  })
  const dealPipeline = pipelines.data?.find((item) => item.id === dealPipelineId)

  const save = useMutation({
    mutationFn: async (values: FormValues) =>
      webhook
        ? { saved: await inbound.update(webhook.id, toInput(values)), created: null }
        : { saved: null, created: await inbound.create(toInput(values)) },
    onSuccess: ({ saved, created }) => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.inbound })
      if (created) onCreated(created)
      if (saved) {
        form.reset(valuesOf(saved))
        toast('Inbound webhook saved', { tone: 'success' })
      }
    },
    onError: (error) => setFormError(showServerError(error, form.getValues('mapping'), setError)),
  })
  const submit = handleSubmit((values) => {
    setFormError(null)
    save.mutate(values)
  })

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="stacked-form">
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <Field id="inbound-name" label="Name" error={errors.name?.message}>
          <input
            {...controlProps('inbound-name', errors.name?.message)}
            placeholder="Website contact form"
            {...register('name', { required: 'Give the webhook a name' })}
          />
        </Field>
        <fieldset className="plain-fieldset">
          <legend>Creates</legend>
          <div className="inline-row">
            <label className="choice">
              <input type="radio" value="person" {...register('objectType')} /> People
            </label>
            <label className="choice">
              <input type="radio" value="deal" {...register('objectType')} /> Deals
            </label>
            <label className="choice">
              <input type="checkbox" {...register('enabled')} /> Enabled
            </label>
          </div>
        </fieldset>
      </div>

      <h3>Field mapping</h3>
      <p className="section-intro">
        Each field takes a constant (<code>website</code>), a placeholder for a field of the payload
        (<code>{'{{email}}'}</code>, <code>{'{{form.answers[0].email}}'}</code>) or a template
        mixing both (<code>{'{{first_name}} {{last_name}}'}</code>).
      </p>
      <table className="mapping-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, index) => {
            const target = mapping[index]?.target
            const error = errors.mapping?.[index]?.value?.message
            return (
              <tr key={row.id}>
                <td>
                  <label className="visually-hidden" htmlFor={`map-target-${index}`}>
                    Field {index + 1}
                  </label>
                  <select id={`map-target-${index}`} {...register(`mapping.${index}.target`)}>
                    {targetsFor(objectType).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                    <option value={customTarget}>Custom field…</option>
                  </select>
                  {target === customTarget && (
                    <>
                      <label className="visually-hidden" htmlFor={`map-key-${index}`}>
                        Custom field name {index + 1}
                      </label>
                      <input
                        id={`map-key-${index}`}
                        placeholder="plan"
                        className="custom-key"
                        {...register(`mapping.${index}.customKey`)}
                      />
                    </>
                  )}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`map-value-${index}`}>
                    Value of field {index + 1}
                  </label>
                  <input
                    {...controlProps(`map-value-${index}`, error)}
                    className="mono"
                    placeholder={listTargets.has(target ?? '') ? 'web, {{campaign}}' : '{{field}}'}
                    {...register(`mapping.${index}.value`)}
                  />
                  {error && (
                    <p className="field-error" id={`map-value-${index}-error`}>
                      {error}
                    </p>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove field ${index + 1}`}
                    onClick={() => rows.remove(index)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="button"
        onClick={() => rows.append({ target: 'leadSource', customKey: '', value: '' })}
      >
        Add a field
      </button>

      <h3>Duplicates</h3>
      <div className="form-grid">
        <Field id="inbound-dedupe" label="When the sender was seen before">
          <select id="inbound-dedupe" {...register('strategy')}>
            <option value="email">Same e-mail: update that person</option>
            <option value="phone">Same phone: update that person</option>
            <option value="composite">Same values in chosen fields: update</option>
            <option value="none">Always create a new person</option>
          </select>
        </Field>
        {strategy === 'composite' ? (
          <Field
            id="inbound-composite"
            label="Fields that must all match"
            error={errors.compositeFields?.message}
            hint="Separated by commas, e.g. fullName, primaryPhone"
          >
            <input
              {...controlProps('inbound-composite', errors.compositeFields?.message)}
              {...register('compositeFields')}
            />
          </Field>
        ) : (
          <Field
            id="inbound-country"
            label="Country of phone numbers without a code"
            error={errors.defaultCountry?.message}
          >
            <input
              {...controlProps('inbound-country', errors.defaultCountry?.message)}
              maxLength={2}
              {...register('defaultCountry')}
            />
          </Field>
        )}
      </div>

      <h3>After receipt</h3>
      <fieldset className="plain-fieldset">
        <legend>Assign an owner (several take turns)</legend>
        <div className="inline-row">
          {users.data?.length === 0 && <span className="muted">No users yet.</span>}
          {users.data?.map((user) => (
            <label key={user.id} className="choice">
              <input type="checkbox" value={user.id} {...register('ownerIds')} /> {user.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        <Field
          id="inbound-tags"
          label="Add tags"
          error={errors.addTags?.message}
          hint="Separated by commas"
        >
          <input
            {...controlProps('inbound-tags', errors.addTags?.message)}
            {...register('addTags')}
          />
        </Field>
      </div>
      {objectType === 'person' && (
        <>
          <label className="choice">
            <input type="checkbox" {...register('createDeal')} /> Create a deal for each new person
          </label>
          {createDeal && (
            <div className="form-grid">
              <Field id="deal-pipeline" label="Pipeline" error={errors.dealPipelineId?.message}>
                <select
                  {...controlProps('deal-pipeline', errors.dealPipelineId?.message)}
                  {...register('dealPipelineId', { required: 'Choose a pipeline' })}
                >
                  <option value="">Choose…</option>
                  {pipelines.data?.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="deal-stage" label="Stage" error={errors.dealStageId?.message}>
                <select
                  {...controlProps('deal-stage', errors.dealStageId?.message)}
                  {...register('dealStageId', { required: 'Choose a stage' })}
                >
                  <option value="">Choose…</option>
                  {dealPipeline?.stages.map((stage) => (
                    <option key={stage.id} value={stage.id}>
                      {stage.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="deal-title" label="Deal title" error={errors.dealTitle?.message}>
                <input
                  {...controlProps('deal-title', errors.dealTitle?.message)}
                  className="mono"
                  {...register('dealTitle')}
                />
              </Field>
              <div className="field-row">
                <Field
                  id="deal-value"
                  label="Value (number or placeholder)"
                  error={errors.dealValue?.message}
                >
                  <input
                    {...controlProps('deal-value', errors.dealValue?.message)}
                    className="mono"
                    {...register('dealValue', {
                      validate: (text) =>
                        isPlaceholder(text) || fieldRule('Value', readDealValue)(text),
                    })}
                  />
                </Field>
                <Field id="deal-currency" label="Currency">
                  <select id="deal-currency" {...register('dealCurrency')}>
                    {currencies.data?.map((currency) => (
                      <option key={currency.code}>{currency.code}</option>
                    ))}
                  </select>
                </Field>
              </div>
            </div>
          )}
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : webhook ? 'Save changes' : 'Create webhook'}
        </button>
      </div>
    </form>
  )
}
