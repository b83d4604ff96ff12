import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm, type Path } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { Person } from '../api/types'
import { parseEmail } from '../../../shared/fields/email'
import { parsePhone } from '../../../shared/fields/phone'
import { parseTagText } from '../../../shared/fields/tag'
import { parseLine } from '../../../shared/fields/text'
import { lifecycleStages, type LifecycleStage } from '../../../shared/lifecycle'
import { ApiRequestError } from '../api/client'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { useCompanies, useUsers } from '../api/reference-data'
import { clearDraft, readDraft, useDraft } from '../forms/draft'
import { fieldRule } from '../forms/field-rules'
import { applyServerError } from '../forms/server-errors'
import { lifecycleLabels } from '../format/labels'
import { Dialog } from '../ui/dialog'
import { controlProps, Field } from '../ui/field'
import { ErrorState, Skeleton } from '../ui/states'
import { useToast } from '../ui/toast'

interface PersonFormValues {
  fullName: string
  primaryEmail: string
  primaryPhone: string
  companyId: string
  ownerId: string
  lifecycleStage: string
  leadSource: string
  tags: string
}

const fields: Path<PersonFormValues>[] = [
  'fullName',
  'primaryEmail',
  'primaryPhone',
  'companyId',
  'ownerId',
  'lifecycleStage',
  'leadSource',
  'tags',
]

const empty: PersonFormValues = {
  fullName: '',
  primaryEmail: '',
  primaryPhone: '',
  companyId: '',
  ownerId: '',
  lifecycleStage: '',
  leadSource: '',
  tags: '',
}

function valuesOf(person: Person): PersonFormValues {
  return {
    fullName: person.fullName,
    primaryEmail: person.primaryEmail ?? '',
    primaryPhone: person.primaryPhone ?? '',
    companyId: person.companyId ?? '',
    ownerId: person.ownerId ?? '',
    lifecycleStage: person.lifecycleStage ?? '',
    leadSource: person.leadSource ?? '',
    tags: person.tags.join(', '),
  }
}

function toInput(values: PersonFormValues, editing: boolean) {
  const optional = (value: string) => (value.trim() === '' ? (editing ? null : undefined) : value)
  return {
    fullName: values.fullName,
    primaryEmail: optional(values.primaryEmail),
    primaryPhone: optional(values.primaryPhone),
    companyId: optional(values.companyId),
    ownerId: optional(values.ownerId),
    lifecycleStage: optional(values.lifecycleStage) as LifecycleStage | null | undefined,
    leadSource: optional(values.leadSource),
    tags: values.tags.split(',').filter((tag) => tag.trim() !== ''),
  }
}

/** Creates or edits a person; the server's field errors appear under their fields. */
export function PersonFormDialog({
  open,
  onClose,
  person,
}: {
  open: boolean
  onClose(): void
  person?: Person
}) {
  return (
    <Dialog open={open} title={person ? 'Edit person' : 'New person'} onClose={onClose} size="wide">
      {open && <PersonFormLoader person={person} onDone={onClose} />}
    </Dialog>
  )
}

type PersonFormProps = { person?: Person; onDone(): void }

/** The owner and company choices must be in place before the fields take their values. */
function PersonFormLoader(props: PersonFormProps) {
  const lists = [useUsers(), useCompanies()]
  const failed = lists.find((list) => list.isError)
  if (failed) return <ErrorState error={failed.error} retry={() => void failed.refetch()} />
  if (lists.some((list) => !list.data)) return <Skeleton lines={8} label="Loading the form" />
  return <PersonForm {...props} />
}

function PersonForm({ person, onDone }: PersonFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const users = useUsers()
  const companies = useCompanies()
  const key = person ? `person-${person.id}` : 'new-person'
  const [draft] = useState(() => readDraft<PersonFormValues>(key))
  const [formError, setFormError] = useState<string | null>(null)
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null)
  const form = useForm<PersonFormValues>({
    defaultValues: { ...(person ? valuesOf(person) : empty), ...draft },
  })
  useDraft(key, form)
  useEffect(() => form.setFocus('fullName'), [form])
  const { register, handleSubmit, setError, formState } = form
  const errors = formState.errors

  const save = useMutation({
    mutationFn: (values: PersonFormValues) =>
      person
        ? people.update(person.id, toInput(values, true))
        : people.create(toInput(values, false)),
    onSuccess: (saved) => {
      clearDraft(key)
      queryClient.setQueryData(keys.person(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: keys.people })
      void queryClient.invalidateQueries({ queryKey: keys.person(saved.id) })
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      toast(person ? 'Person saved' : `${saved.fullName} added`, {
        tone: 'success',
        action: person
          ? undefined
          : { label: 'Open', run: () => void navigate(`/people/${saved.id}`) },
      })
      onDone()
    },
    onError: (error) => {
      const existing = error instanceof ApiRequestError ? error.details?.existingId : undefined
      setDuplicateOf(typeof existing === 'string' ? existing : null)
      setFormError(applyServerError(error, setError, fields))
    },
  })
  const submit = handleSubmit((values) => {
    setFormError(null)
    setDuplicateOf(null)
    save.mutate(values)
  })

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {draft && <p className="form-note">Your unsaved changes from before are back.</p>}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <Field id="person-name" label="Full name" error={errors.fullName?.message}>
          <input
            {...controlProps('person-name', errors.fullName?.message)}
            autoComplete="off"
            {...register('fullName', {
              required: 'Enter the person’s name',
              validate: fieldRule('Name', parseLine),
            })}
          />
        </Field>
        <Field
          id="person-email"
          label="E-mail"
          error={errors.primaryEmail?.message}
          after={
            duplicateOf && (
              <Link to={`/people/${duplicateOf}`} onClick={onDone}>
                Open the person who has this e-mail
              </Link>
            )
          }
        >
          <input
            {...controlProps('person-email', errors.primaryEmail?.message)}
            type="email"
            autoComplete="off"
            {...register('primaryEmail', { validate: fieldRule('E-mail', parseEmail) })}
          />
        </Field>
        <Field id="person-phone" label="Phone" error={errors.primaryPhone?.message}>
          <input
            {...controlProps('person-phone', errors.primaryPhone?.message)}
            type="tel"
            autoComplete="off"
            {...register('primaryPhone', {
              validate: fieldRule('Phone', (raw) => parsePhone(raw)),
            })}
          />
        </Field>
        <Field id="person-lifecycle" label="Lifecycle stage" error={errors.lifecycleStage?.message}>
          <select
            {...controlProps('person-lifecycle', errors.lifecycleStage?.message)}
            {...register('lifecycleStage')}
          >
            <option value="">None</option>
            {lifecycleStages.map((stage) => (
              <option key={stage} value={stage}>
                {lifecycleLabels[stage]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="person-company" label="Company" error={errors.companyId?.message}>
          <select
            {...controlProps('person-company', errors.companyId?.message)}
            {...register('companyId')}
          >
            <option value="">None</option>
            {companies.data?.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="person-owner" label="Owner" error={errors.ownerId?.message}>
          <select
            {...controlProps('person-owner', errors.ownerId?.message)}
            {...register('ownerId')}
          >
            <option value="">No owner</option>
            {users.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="person-source" label="Lead source" error={errors.leadSource?.message}>
          <input
            {...controlProps('person-source', errors.leadSource?.message)}
            {...register('leadSource', { validate: fieldRule('Lead source', parseLine) })}
          />
        </Field>
        <Field
          id="person-tags"
          label="Tags"
          error={errors.tags?.message}
          hint="Separated by commas"
        >
          <input
            {...controlProps('person-tags', errors.tags?.message)}
            {...register('tags', { validate: fieldRule('Tag', parseTagText) })}
          />
        </Field>
      </div>
      <div className="form-actions">
        {(formState.isDirty || draft) && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearDraft(key)
              onDone()
            }}
          >
            Discard draft
          </button>
        )}
        <button type="button" className="button" onClick={onDone}>
          {formState.isDirty ? 'Keep as draft' : 'Cancel'}
        </button>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : person ? 'Save person' : 'Add person'}
        </button>
      </div>
    </form>
  )
}
