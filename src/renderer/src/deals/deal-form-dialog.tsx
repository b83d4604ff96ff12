import { useTranslation } from 'react-i18next'
import type { Deal } from '../api/types'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { useCurrencies, useLostReasons, usePipelines, useUsers } from '../api/reference-data'
import { DraftForm, useDraftForm } from '../forms/draft-form-parts'
import { applyServerError } from '../forms/server-errors'
import { useRecordSave } from '../forms/use-record-save'
import { Dialog } from '../ui/dialog'
import { WhenLoaded } from '../ui/states'
import { DealFormFields } from './deal-form-fields'
import {
  fields,
  newDealValues,
  toChanges,
  toNewDeal,
  valuesOf,
  type DealFormValues,
} from './deal-form-values'

interface DealFormDialogProps {
  open: boolean
  onClose(): void
  /** The deal to edit; without it the form creates one. */
  deal?: Deal
  defaults?: Partial<DealFormValues>
}

/** Creates or edits a deal; the server's field errors appear under their fields. */
export function DealFormDialog({ open, onClose, deal, defaults }: DealFormDialogProps) {
  const { t } = useTranslation('deals')
  return (
    <Dialog
      open={open}
      title={deal ? t('form.editTitle') : t('form.newTitle')}
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
  const { t } = useTranslation('deals')
  return (
    <WhenLoaded
      queries={[usePipelines(), useUsers(), useCurrencies(), useLostReasons()]}
      label={t('form.loading')}
    >
      <DealForm {...props} />
    </WhenLoaded>
  )
}

function DealForm({ deal, defaults, onDone }: DealFormProps) {
  const { t } = useTranslation('deals')
  const pipelines = usePipelines()
  // A new deal for a person, a company or a stage keeps its own draft: one begun for another (or
  // on the board) must not bring its links, or its stage, along.
  const key = deal
    ? `deal-${deal.id}`
    : ['new-deal', defaults?.primaryPersonId, defaults?.primaryCompanyId, defaults?.stageId]
        .filter(Boolean)
        .join('-')
  const draftForm = useDraftForm(
    key,
    deal
      ? valuesOf(deal)
      : newDealValues(
          defaults,
          // The pipeline given, or the workspace's first: a title and a value make a deal.
          pipelines.data?.find((item) => item.id === defaults?.pipelineId) ?? pipelines.data?.[0],
        ),
    'title',
  )
  const { form, setError: setFormError } = draftForm

  const save = useRecordSave({
    draftKey: key,
    save: (values: DealFormValues) =>
      deal ? deals.update(deal.id, toChanges(values, deal)) : deals.create(toNewDeal(values)),
    recordKey: keys.deal,
    invalidates: (saved) => [
      keys.boards,
      ...(saved.primaryPersonId ? [keys.personDeals(saved.primaryPersonId)] : []),
      ...(saved.primaryCompanyId ? [keys.company(saved.primaryCompanyId)] : []),
    ],
    message: (saved) => (deal ? t('form.saved') : t('form.created', { title: saved.title })),
    openPath: deal ? undefined : (saved) => `/deals/${saved.id}`,
    onError: (error) => setFormError(applyServerError(error, form.setError, fields)),
    onDone,
  })
  const submit = form.handleSubmit((values) => {
    setFormError(null)
    save.mutate(values)
  })

  return (
    <DraftForm
      {...draftForm}
      pending={save.isPending}
      submitLabel={deal ? t('form.saveDeal') : t('form.createDeal')}
      onSubmit={submit}
      onDone={onDone}
    >
      <DealFormFields editing={Boolean(deal)} />
    </DraftForm>
  )
}
