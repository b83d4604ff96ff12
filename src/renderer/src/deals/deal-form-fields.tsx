import { Controller, useFormContext } from 'react-hook-form'
import { formatTypedMoney } from '../../../shared/fields/money-input'
import { parseTagText } from '../../../shared/fields/tag'
import { parseLine } from '../../../shared/fields/text'
import { useCurrencies } from '../api/reference-data'
import { fieldRule } from '../forms/field-rules'
import { CompanySelect, OwnerSelect } from '../forms/record-selects'
import { defaultCurrency, userLocale } from '../format/locale'
import { PersonPicker } from '../people/person-picker'
import { controlProps, Field } from '../ui/field'
import { SelectField } from '../ui/select-field'
import { readValue, type DealFormValues } from './deal-form-values'
import { DealStageFields } from './deal-stage-fields'

/** Every field of the deal form, in the order a person fills them in. */
export function DealFormFields({ editing }: { editing: boolean }) {
  const { register, control, formState } = useFormContext<DealFormValues>()
  const errors = formState.errors
  const currencies = useCurrencies()
  const currencyCodes = (currencies.data ?? [{ code: defaultCurrency }]).map(({ code }) => ({
    value: code,
    label: code,
  }))
  return (
    <div className="form-grid">
      <Field id="deal-title" label="Title" error={errors.title?.message}>
        <input
          {...controlProps('deal-title', errors.title?.message)}
          {...register('title', {
            required: 'Give the deal a title',
            validate: fieldRule('Title', parseLine),
          })}
        />
      </Field>
      <div className="field-row">
        <Field id="deal-value" label="Value" error={errors.value?.message}>
          <input
            {...controlProps('deal-value', errors.value?.message)}
            inputMode="decimal"
            placeholder={formatTypedMoney(0, userLocale)}
            {...register('value', {
              required: 'Enter the value (0 is fine)',
              validate: fieldRule('Value', readValue),
            })}
          />
        </Field>
        <SelectField id="deal-currency" label="Currency" name="currency" choices={currencyCodes} />
      </div>
      <DealStageFields editing={editing} />
      <Field id="deal-person" label="Person" error={errors.primaryPersonId?.message}>
        <Controller
          control={control}
          name="primaryPersonId"
          render={({ field }) => (
            <PersonPicker
              id="deal-person"
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(errors.primaryPersonId)}
              describedBy={errors.primaryPersonId ? 'deal-person-error' : undefined}
            />
          )}
        />
      </Field>
      <CompanySelect id="deal-company" name="primaryCompanyId" />
      <OwnerSelect id="deal-owner" />
      <Field id="deal-close" label="Expected close date" error={errors.expectedCloseDate?.message}>
        <input
          {...controlProps('deal-close', errors.expectedCloseDate?.message)}
          type="date"
          {...register('expectedCloseDate')}
        />
      </Field>
      <Field id="deal-tags" label="Tags" error={errors.tags?.message} hint="Separated by commas">
        <input
          {...controlProps('deal-tags', errors.tags?.message)}
          {...register('tags', { validate: fieldRule('Tag', parseTagText) })}
        />
      </Field>
    </div>
  )
}
