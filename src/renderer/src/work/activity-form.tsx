import { useId, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Activity } from '../api/types'
import { applyServerError } from '../forms/server-errors'
import { FormError } from '../ui/field'
import { ActivityDetailFields } from './activity-detail-fields'
import {
  detailFields,
  newActivityValues,
  valuesOf,
  type ActivityFormValues,
  type ActivityLinks,
} from './activity-form-values'
import { ActivityMainFields } from './activity-main-fields'
import { useSaveActivity } from './use-work-edits'

export type { ActivityLinks } from './activity-form-values'

/**
 * Logs something done ("Log"), schedules work ("Schedule") or edits an activity (`activity`, all
 * fields prefilled): type, subject, date, time and reminder, and under "More details" the rest.
 * `onSaved` hears when it is saved.
 */
export function ActivityForm({
  links,
  mode,
  initial,
  activity,
  onSaved,
}: {
  links: ActivityLinks
  mode: 'log' | 'schedule'
  initial?: Partial<ActivityFormValues>
  activity?: Activity
  onSaved?: () => void
}) {
  const { t } = useTranslation('work')
  const id = useId()
  const form = useForm<ActivityFormValues>({
    defaultValues: activity ? valuesOf(activity) : newActivityValues(mode, initial),
  })
  const [details, setDetails] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = useSaveActivity({
    activity,
    links,
    onSaved: (saved) => {
      if (!activity) form.reset(newActivityValues(mode, { ...initial, type: saved.type }))
      setDetails(false)
      onSaved?.()
    },
    onError: (failure) => {
      // A field under "More details" is shown there, opened.
      const message = applyServerError(failure, form.setError, detailFields)
      setDetails(details || message === null)
      setError(message)
    },
  })
  const submit = form.handleSubmit((values) => {
    setError(null)
    save.mutate(values)
  })
  const subject = useWatch({ control: form.control, name: 'subject' })
  const label = activity
    ? 'form.editLabel'
    : mode === 'log'
      ? 'form.logLabel'
      : 'form.scheduleLabel'
  const submitLabel = activity ? 'form.save' : mode === 'log' ? 'form.log' : 'form.schedule'
  return (
    <FormProvider {...form}>
      <form
        className="activity-form"
        onSubmit={(event) => void submit(event)}
        aria-label={t(label)}
        noValidate
      >
        <ActivityMainFields
          id={id}
          placeholder={t(mode === 'log' ? 'form.logPlaceholder' : 'form.schedulePlaceholder')}
        />
        <details open={details} onToggle={(event) => setDetails(event.currentTarget.open)}>
          <summary>{t('form.moreDetails')}</summary>
          <ActivityDetailFields id={id} />
        </details>
        <FormError message={error} />
        <div className="activity-form-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={save.isPending || !subject.trim()}
          >
            {t(submitLabel)}
          </button>
        </div>
      </form>
    </FormProvider>
  )
}
