import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clearDraft, readDraft, useDraft } from './draft'
import { FormError } from '../ui/field'

// What every draft-keeping form (deal, person) shows around its fields: the same notes and the
// same buttons, so they read and behave alike.

/** Above the fields: that a draft came back, and the form's own error. */
function FormNotes({ draft, error }: { draft: boolean; error: string | null }) {
  const { t } = useTranslation('forms')
  return (
    <>
      {draft && <p className="form-note">{t('draft.restored')}</p>}
      <FormError message={error} />
    </>
  )
}

/** Below the fields: discard the draft, keep it (or cancel when nothing changed), save. */
function DraftFormActions(props: {
  dirty: boolean
  hasDraft: boolean
  pending: boolean
  submitLabel: string
  onDiscard(): void
  onClose(): void
}) {
  const { t } = useTranslation(['forms', 'common'])
  return (
    <div className="form-actions">
      {(props.dirty || props.hasDraft) && (
        <button type="button" className="link-button" onClick={props.onDiscard}>
          {t('draft.discard')}
        </button>
      )}
      <button type="button" className="button" onClick={props.onClose}>
        {props.dirty ? t('draft.keep') : t('common:cancel')}
      </button>
      <button type="submit" className="button button-primary" disabled={props.pending}>
        {props.pending ? t('common:saving') : props.submitLabel}
      </button>
    </div>
  )
}

/** A form whose typing is kept as a draft under `draftKey` until it is saved or discarded. */
export function DraftForm<T extends FieldValues>(props: {
  form: UseFormReturn<T>
  draftKey: string
  hasDraft: boolean
  error: string | null
  pending: boolean
  submitLabel: string
  onSubmit(event: FormEvent): Promise<void>
  onDone(): void
  children: ReactNode
}) {
  return (
    <FormProvider {...props.form}>
      <form onSubmit={(event) => void props.onSubmit(event)} noValidate>
        <FormNotes draft={props.hasDraft} error={props.error} />
        {props.children}
        <DraftFormActions
          dirty={props.form.formState.isDirty}
          hasDraft={props.hasDraft}
          pending={props.pending}
          submitLabel={props.submitLabel}
          onDiscard={() => {
            clearDraft(props.draftKey)
            props.onDone()
          }}
          onClose={props.onDone}
        />
      </form>
    </FormProvider>
  )
}

/**
 * A draft-keeping form's state: the react-hook-form form, started from `values` with any draft
 * kept under `draftKey` laid over them, saved as typed, focused on `focus`; and the form's error.
 * Spread it into `DraftForm`.
 */
export function useDraftForm<T extends FieldValues>(draftKey: string, values: T, focus: Path<T>) {
  const [draft] = useState(() => readDraft<T>(draftKey))
  const form = useForm<T>({ defaultValues: { ...values, ...draft } as DefaultValues<T> })
  useDraft(draftKey, form)
  useEffect(() => form.setFocus(focus), [form, focus])
  const [error, setError] = useState<string | null>(null)
  return { form, draftKey, hasDraft: draft !== null, error, setError }
}
