import type { FormEvent, ReactNode } from 'react'
import { FormProvider, useFormContext, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { EventTypePattern } from '../../api/types'
import { applyServerError } from '../../forms/server-errors'
import { FormError } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import { eventChoices } from './event-types'

export interface SubscriptionFormValues {
  url: string
  description: string
  eventTypes: EventTypePattern[]
  strictOrder: boolean
}

/** The fields a subscription is made of: where to, what for, which events. */
function SubscriptionFields() {
  const { t } = useTranslation('outbound')
  const { register, formState } = useFormContext<SubscriptionFormValues>()
  const errors = formState.errors
  return (
    <>
      <div className="form-grid">
        <TextField
          id="sub-url"
          label={t('fields.url')}
          name="url"
          hint={t('fields.urlHint')}
          type="url"
          placeholder="https://example.com/hooks/outpost"
          rules={{ required: t('fields.urlRequired') }}
        />
        <TextField
          id="sub-description"
          label={t('fields.description')}
          name="description"
          placeholder={t('fields.descriptionPlaceholder')}
        />
      </div>
      <fieldset
        className="plain-fieldset event-choices"
        aria-describedby={errors.eventTypes ? 'sub-events-error' : undefined}
      >
        <legend>{t('fields.events')}</legend>
        <div className="choice-grid">
          {eventChoices.map((choice) => (
            <label key={choice.value} className="choice">
              <input
                type="checkbox"
                value={choice.value}
                {...register('eventTypes', { required: t('fields.eventsRequired') })}
              />
              <span className={choice.label ? '' : 'mono'}>
                {choice.label ? t(choice.label) : choice.value}
              </span>
            </label>
          ))}
        </div>
        {errors.eventTypes && (
          <p className="field-error" id="sub-events-error">
            {errors.eventTypes.message}
          </p>
        )}
      </fieldset>
      <label className="choice">
        <input type="checkbox" aria-describedby="sub-strict-hint" {...register('strictOrder')} />
        <span>{t('fields.strictOrder')}</span>
      </label>
      <p className="muted" id="sub-strict-hint">
        {t('fields.strictOrderHint')}
      </p>
    </>
  )
}

/** What the API takes from the form's values: a blank description is none. */
export const subscriptionInput = (values: SubscriptionFormValues) => ({
  url: values.url,
  description: values.description.trim() || null,
  eventTypes: values.eventTypes,
  strictOrder: values.strictOrder,
})

/** A failed save's errors put on the fields they name; what is left, for the form's error line. */
export const subscriptionSaveError = (
  error: unknown,
  form: UseFormReturn<SubscriptionFormValues>,
) => applyServerError(error, form.setError, ['url', 'description', 'eventTypes'] as const)

/** A subscription's form: its title, the last save's error, the fields, then `children` (buttons). */
export function SubscriptionForm({
  form,
  title,
  className,
  error,
  onSubmit,
  children,
}: {
  form: UseFormReturn<SubscriptionFormValues>
  title: string
  className: string
  error: string | null
  onSubmit(event: FormEvent): Promise<void>
  children: ReactNode
}) {
  return (
    <FormProvider {...form}>
      <form className={className} onSubmit={(event) => void onSubmit(event)} noValidate>
        <h3>{title}</h3>
        <FormError message={error} />
        <SubscriptionFields />
        <div className="form-actions">{children}</div>
      </form>
    </FormProvider>
  )
}
