import type { UseFormRegister, FieldErrors } from 'react-hook-form'
import type { EventTypePattern } from '../../api/types'
import { controlProps, Field } from '../../ui/field'
import { eventChoices } from './event-types'

export interface SubscriptionFormValues {
  url: string
  description: string
  eventTypes: EventTypePattern[]
}

/** The fields a subscription is made of: where to, what for, which events. */
export function SubscriptionFields({
  register,
  errors,
}: {
  register: UseFormRegister<SubscriptionFormValues>
  errors: FieldErrors<SubscriptionFormValues>
}) {
  return (
    <>
      <div className="form-grid">
        <Field
          id="sub-url"
          label="Endpoint URL"
          error={errors.url?.message}
          hint="https, or http to this computer only"
        >
          <input
            {...controlProps('sub-url', errors.url?.message)}
            type="url"
            placeholder="https://example.com/hooks/outpost"
            {...register('url', { required: 'Enter the URL that receives the events' })}
          />
        </Field>
        <Field id="sub-description" label="Description" error={errors.description?.message}>
          <input
            {...controlProps('sub-description', errors.description?.message)}
            placeholder="What receives these events"
            {...register('description')}
          />
        </Field>
      </div>
      <fieldset
        className="plain-fieldset event-choices"
        aria-describedby={errors.eventTypes ? 'sub-events-error' : undefined}
      >
        <legend>Events</legend>
        <div className="choice-grid">
          {eventChoices.map((choice) => (
            <label key={choice.value} className="choice">
              <input
                type="checkbox"
                value={choice.value}
                {...register('eventTypes', { required: 'Choose at least one event type' })}
              />
              <span className={choice.value.includes('*') ? '' : 'mono'}>{choice.label}</span>
            </label>
          ))}
        </div>
        {errors.eventTypes && (
          <p className="field-error" id="sub-events-error">
            {errors.eventTypes.message}
          </p>
        )}
      </fieldset>
    </>
  )
}
