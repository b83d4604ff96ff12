import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Controller, useForm, useWatch, type Path } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { Deal } from '../api/types'
import { formatTypedMoney, parseTypedMoney } from '../../../shared/fields/money-input'
import { parseTagText } from '../../../shared/fields/tag'
import { parseLine } from '../../../shared/fields/text'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import {
  useCompanies,
  useCurrencies,
  useLostReasons,
  usePipelines,
  useUsers,
} from '../api/reference-data'
import { clearDraft, readDraft, useDraft } from '../forms/draft'
import { fieldRule } from '../forms/field-rules'
import { applyServerError } from '../forms/server-errors'
import { defaultCurrency, userLocale } from '../format/locale'
import { PersonPicker } from '../people/person-picker'
import { Dialog } from '../ui/dialog'
import { controlProps, Field } from '../ui/field'
import { ErrorState, Skeleton } from '../ui/states'
import { useToast } from '../ui/toast'

interface DealFormValues {
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

const fields: Path<DealFormValues>[] = [
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
const draftKey = 'new-deal'

function valuesOf(deal: Deal): DealFormValues {
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
const readValue = (text: string) => parseTypedMoney(text, userLocale)

function typedValue(text: string): number {
  const read = readValue(text)
  // The form's validation ran first; a refusal here would be a bug, so it fails loudly.
  if (!read.ok) throw new Error(`Value ${read.message}`)
  return read.value
}

/** Form values to the API body: empty optional fields are left out on create, cleared on edit. */
function toChanges(values: DealFormValues, editing: Deal | undefined) {
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
const toNewDeal = (values: DealFormValues) => ({
  ...toChanges(values, undefined),
  pipelineId: values.pipelineId,
})

interface DealFormDialogProps {
  open: boolean
  onClose(): void
  /** The deal to edit; without it the form creates one. */
  deal?: Deal
  defaults?: Partial<DealFormValues>
}

/** Creates or edits a deal; the server's field errors appear under their fields. */
export function DealFormDialog({ open, onClose, deal, defaults }: DealFormDialogProps) {
  return (
    <Dialog
      open={open}
      title={deal ? 'Edit deal' : 'New deal'}
      onClose={onClose}
      size="wide"
      canClose={() => true}
    >
      {open && <DealFormLoader deal={deal} defaults={defaults} onDone={onClose} />}
    </Dialog>
  )
}

type DealFormProps = { deal?: Deal; defaults?: Partial<DealFormValues>; onDone(): void }

/** The form's choices (pipelines, owners...) must be in place before its fields take values. */
function DealFormLoader(props: DealFormProps) {
  const lists = [usePipelines(), useUsers(), useCompanies(), useCurrencies(), useLostReasons()]
  const failed = lists.find((list) => list.isError)
  if (failed) return <ErrorState error={failed.error} retry={() => void failed.refetch()} />
  if (lists.some((list) => !list.data)) return <Skeleton lines={8} label="Loading the form" />
  return <DealForm {...props} />
}

function DealForm({ deal, defaults, onDone }: DealFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const pipelines = usePipelines()
  const users = useUsers()
  const companies = useCompanies()
  const currencies = useCurrencies()
  const lostReasons = useLostReasons()
  const [formError, setFormError] = useState<string | null>(null)
  const key = deal ? `deal-${deal.id}` : draftKey
  const [draft] = useState(() => readDraft<DealFormValues>(key))
  const firstPipeline = pipelines.data?.find((item) => item.id === defaults?.pipelineId)
  const form = useForm<DealFormValues>({
    defaultValues: {
      ...(deal
        ? valuesOf(deal)
        : {
            title: '',
            value: '',
            currency: defaultCurrency,
            pipelineId: '',
            stageId: firstPipeline?.stages[0]?.id ?? '',
            lostReasonId: '',
            ownerId: '',
            primaryPersonId: '',
            primaryCompanyId: '',
            expectedCloseDate: '',
            tags: '',
            ...defaults,
          }),
      ...draft,
    },
  })
  useDraft(key, form)
  useEffect(() => form.setFocus('title'), [form])
  const { register, handleSubmit, setError, formState, setValue, control } = form
  const errors = formState.errors
  const pipelineId = useWatch({ control, name: 'pipelineId' })
  const stageId = useWatch({ control, name: 'stageId' })
  const pipeline = pipelines.data?.find((item) => item.id === pipelineId)
  const stage = pipeline?.stages.find((item) => item.id === stageId)

  const save = useMutation({
    mutationFn: (values: DealFormValues) =>
      deal ? deals.update(deal.id, toChanges(values, deal)) : deals.create(toNewDeal(values)),
    onSuccess: (saved) => {
      clearDraft(key)
      queryClient.setQueryData(keys.deal(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      void queryClient.invalidateQueries({ queryKey: keys.deal(saved.id) })
      if (saved.primaryPersonId) {
        void queryClient.invalidateQueries({ queryKey: keys.personDeals(saved.primaryPersonId) })
      }
      toast(deal ? 'Deal saved' : `Deal “${saved.title}” created`, {
        tone: 'success',
        action: deal
          ? undefined
          : { label: 'Open', run: () => void navigate(`/deals/${saved.id}`) },
      })
      onDone()
    },
    onError: (error) => setFormError(applyServerError(error, setError, fields)),
  })
  const submit = handleSubmit((values) => {
    setFormError(null)
    save.mutate(values)
  })
  const discard = () => {
    clearDraft(key)
    onDone()
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {draft && <p className="form-note">Your unsaved changes from before are back.</p>}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <Field id="deal-title" label="Title" error={errors.title?.message}>
          <input
            {...controlProps('deal-title', errors.title?.message)}
            {...register('title', {
              required: 'Give the deal a title',
              validate: fieldRule('Title', parseLine),
            })}
          />
        </Field>
        <div className="field-row">
          <Field id="deal-value" label="Value" error={errors.value?.message}>
            <input
              {...controlProps('deal-value', errors.value?.message)}
              inputMode="decimal"
              placeholder={formatTypedMoney(0, userLocale)}
              {...register('value', {
                required: 'Enter the value (0 is fine)',
                validate: fieldRule('Value', readValue),
              })}
            />
          </Field>
          <Field id="deal-currency" label="Currency" error={errors.currency?.message}>
            <select
              {...controlProps('deal-currency', errors.currency?.message)}
              {...register('currency')}
            >
              {(currencies.data ?? [{ code: defaultCurrency }]).map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.code}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {!deal && (
          <Field id="deal-pipeline" label="Pipeline" error={errors.pipelineId?.message}>
            <select
              {...controlProps('deal-pipeline', errors.pipelineId?.message)}
              {...register('pipelineId', {
                required: 'Choose a pipeline',
                onChange: (event: { target: { value: string } }) => {
                  const next = pipelines.data?.find((item) => item.id === event.target.value)
                  setValue('stageId', next?.stages[0]?.id ?? '')
                },
              })}
            >
              <option value="">Choose…</option>
              {pipelines.data?.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id="deal-stage" label="Stage" error={errors.stageId?.message}>
          <select
            {...controlProps('deal-stage', errors.stageId?.message)}
            {...register('stageId', { required: 'Choose a stage' })}
          >
            <option value="">Choose…</option>
            {pipeline?.stages.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
                {item.type !== 'open' ? ` (${item.type})` : ''}
              </option>
            ))}
          </select>
        </Field>
        {stage?.type === 'lost' && (
          <Field id="deal-lost-reason" label="Lost reason" error={errors.lostReasonId?.message}>
            <select
              {...controlProps('deal-lost-reason', errors.lostReasonId?.message)}
              {...register('lostReasonId', { required: 'A lost deal needs a reason' })}
            >
              <option value="">Choose…</option>
              {lostReasons.data?.map((reason) => (
                <option key={reason.id} value={reason.id}>
                  {reason.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id="deal-person" label="Person" error={errors.primaryPersonId?.message}>
          <Controller
            control={control}
            name="primaryPersonId"
            render={({ field }) => (
              <PersonPicker
                id="deal-person"
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.primaryPersonId)}
                describedBy={errors.primaryPersonId ? 'deal-person-error' : undefined}
              />
            )}
          />
        </Field>
        <Field id="deal-company" label="Company" error={errors.primaryCompanyId?.message}>
          <select
            {...controlProps('deal-company', errors.primaryCompanyId?.message)}
            {...register('primaryCompanyId')}
          >
            <option value="">None</option>
            {companies.data?.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="deal-owner" label="Owner" error={errors.ownerId?.message}>
          <select {...controlProps('deal-owner', errors.ownerId?.message)} {...register('ownerId')}>
            <option value="">No owner</option>
            {users.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="deal-close"
          label="Expected close date"
          error={errors.expectedCloseDate?.message}
        >
          <input
            {...controlProps('deal-close', errors.expectedCloseDate?.message)}
            type="date"
            {...register('expectedCloseDate')}
          />
        </Field>
        <Field id="deal-tags" label="Tags" error={errors.tags?.message} hint="Separated by commas">
          <input
            {...controlProps('deal-tags', errors.tags?.message)}
            {...register('tags', { validate: fieldRule('Tag', parseTagText) })}
          />
        </Field>
      </div>
      <div className="form-actions">
        {(formState.isDirty || draft) && (
          <button type="button" className="link-button" onClick={discard}>
            Discard draft
          </button>
        )}
        <button type="button" className="button" onClick={onDone}>
          {formState.isDirty ? 'Keep as draft' : 'Cancel'}
        </button>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : deal ? 'Save deal' : 'Create deal'}
        </button>
      </div>
    </form>
  )
}
