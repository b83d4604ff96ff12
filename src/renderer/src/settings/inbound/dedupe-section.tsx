import { useFormContext, useWatch } from 'react-hook-form'
import { Field } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import type { FormValues } from './form-values'

/** How a sender seen before is recognised: by e-mail, phone, chosen fields, or never. */
export function DedupeSection() {
  const { register, control } = useFormContext<FormValues>()
  const strategy = useWatch({ control, name: 'strategy' })
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
          <TextField
            id="inbound-composite"
            label="Fields that must all match"
            name="compositeFields"
            hint="Separated by commas, e.g. fullName, primaryPhone"
          />
        ) : (
          <TextField
            id="inbound-country"
            label="Country of phone numbers without a code"
            name="defaultCountry"
            maxLength={2}
          />
        )}
      </div>
    </>
  )
}
