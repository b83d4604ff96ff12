import { Controller, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatTypedMoney } from '../../../shared/fields/money-input'
import { parseLine } from '../../../shared/fields/text'
import { fieldRule } from '../forms/field-rules'
import { CompanySelect, CurrencySelect, OwnerSelect, TagsField } from '../forms/record-fields'
import { userLocale } from '../format/locale'
import { PersonPicker } from '../people/person-picker'
import { Field } from '../ui/field'
import { TextField } from '../ui/text-field'
import { readValue, type DealFormValues } from './deal-form-values'
import { DealStageFields } from './deal-stage-fields'

/** Every field of the deal form, in the order a person fills them in. */
export function DealFormFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation('deals')
  const { control, formState } = useFormContext<DealFormValues>()
  const errors = formState.errors
  return (
    <div className="form-grid">
      <TextField
        id="deal-title"
        label={t('form.title')}
        name="title"
        rules={{
          required: t('form.titleRequired'),
          validate: fieldRule(t('form.title'), parseLine),
        }}
      />
      <div className="field-row">
        <TextField
          id="deal-value"
          label={t('form.value')}
          name="value"
          inputMode="decimal"
          placeholder={formatTypedMoney(0, userLocale)}
          rules={{ validate: fieldRule(t('form.value'), readValue) }}
        />
        <CurrencySelect id="deal-currency" name="currency" />
      </div>
      <DealStageFields editing={editing} />
      <Field id="deal-person" label={t('form.person')} error={errors.primaryPersonId?.message}>
        <Controller
          control={control}
          name="primaryPersonId"
          render={({ field }) => (
            <PersonPicker
              creates
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
      <TextField
        id="deal-close"
        label={t('form.expectedCloseDate')}
        name="expectedCloseDate"
        type="date"
      />
      <TagsField id="deal-tags" />
    </div>
  )
}
