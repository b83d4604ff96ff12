import type { Deal } from '../api/types'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import {
  useCompanies,
  useCurrencies,
  useLostReasons,
  usePipelines,
  useUsers,
} from '../api/reference-data'
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
  return (
    <WhenLoaded
      queries={[usePipelines(), useUsers(), useCompanies(), useCurrencies(), useLostReasons()]}
      label="Loading the form"
    >
      <DealForm {...props} />
    </WhenLoaded>
  )
}

function DealForm({ deal, defaults, onDone }: DealFormProps) {
  const pipelines = usePipelines()
  const key = deal ? `deal-${deal.id}` : 'new-deal'
  const draftForm = useDraftForm(
    key,
    deal
      ? valuesOf(deal)
      : newDealValues(
          defaults,
          pipelines.data?.find((item) => item.id === defaults?.pipelineId),
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
    ],
    message: (saved) => (deal ? 'Deal saved' : `Deal “${saved.title}” created`),
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
      submitLabel={deal ? 'Save deal' : 'Create deal'}
      onSubmit={submit}
      onDone={onDone}
    >
      <DealFormFields editing={Boolean(deal)} />
    </DraftForm>
  )
}
