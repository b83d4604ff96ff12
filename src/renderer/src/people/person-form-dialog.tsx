import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Person } from '../api/types'
import { ApiRequestError } from '../api/client'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { DraftForm, useDraftForm } from '../forms/draft-form-parts'
import { applyServerError } from '../forms/server-errors'
import { useRecordSave } from '../forms/use-record-save'
import { Dialog } from '../ui/dialog'
import { WhenLoaded } from '../ui/states'
import { PersonFormFields } from './person-form-fields'
import { empty, fields, toInput, valuesOf, type PersonFormValues } from './person-form-values'

/** Creates or edits a person; the server's field errors appear under their fields. */
export function PersonFormDialog({
  open,
  onClose,
  person,
  companyId,
}: {
  open: boolean
  onClose(): void
  person?: Person
  /** A new person's company: the one whose page the form was opened from. */
  companyId?: string
}) {
  const { t } = useTranslation('people')
  return (
    <Dialog
      open={open}
      title={person ? t('form.editTitle') : t('form.newTitle')}
      onClose={onClose}
      size="wide"
    >
      {open && <PersonFormLoader person={person} companyId={companyId} onDone={onClose} />}
    </Dialog>
  )
}

type PersonFormProps = { person?: Person; companyId?: string; onDone(): void }

/** The owner and company choices must be in place before the fields take their values. */
function PersonFormLoader(props: PersonFormProps) {
  const { t } = useTranslation('people')
  return (
    <WhenLoaded queries={[useUsers()]} label={t('form.loading')}>
      <PersonForm {...props} />
    </WhenLoaded>
  )
}

function PersonForm({ person, companyId, onDone }: PersonFormProps) {
  const { t } = useTranslation('people')
  // A new person for a company keeps a draft of its own, as a new deal for one does.
  const key = person ? `person-${person.id}` : companyId ? `new-person-${companyId}` : 'new-person'
  const draftForm = useDraftForm(
    key,
    person ? valuesOf(person) : { ...empty, companyId: companyId ?? '' },
    'fullName',
  )
  const { form, setError: setFormError } = draftForm
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null)

  const save = useRecordSave({
    draftKey: key,
    save: (values: PersonFormValues) =>
      person
        ? people.update(person.id, toInput(values, true))
        : people.create(toInput(values, false)),
    recordKey: keys.person,
    invalidates: (saved) => [
      keys.people,
      keys.boards,
      ...(saved.companyId ? [keys.company(saved.companyId)] : []),
    ],
    message: (saved) => (person ? t('form.saved') : t('form.added', { name: saved.fullName })),
    openPath: person ? undefined : (saved) => `/people/${saved.id}`,
    onError: (error) => {
      const existing = error instanceof ApiRequestError ? error.details?.existingId : undefined
      setDuplicateOf(typeof existing === 'string' ? existing : null)
      setFormError(applyServerError(error, form.setError, fields))
    },
    onDone,
  })
  const submit = form.handleSubmit((values) => {
    setFormError(null)
    setDuplicateOf(null)
    save.mutate(values)
  })

  return (
    <DraftForm
      {...draftForm}
      pending={save.isPending}
      submitLabel={person ? t('form.savePerson') : t('form.addPerson')}
      onSubmit={submit}
      onDone={onDone}
    >
      <PersonFormFields duplicateOf={duplicateOf} onLeave={onDone} />
    </DraftForm>
  )
}
