import { useFormContext, useWatch } from 'react-hook-form'
import { controlProps, Field } from '../../ui/field'
import type { FormValues } from './form-values'

/** How a sender seen before is recognised: by e-mail, phone, chosen fields, or never. */
export function DedupeSection() {
  const { register, control, formState } = useFormContext<FormValues>()
  const strategy = useWatch({ control, name: 'strategy' })
  const errors = formState.errors
  return (
    <>
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
    </>
  )
}
