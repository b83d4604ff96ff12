import { useTranslation } from 'react-i18next'
import { Controller, useFormContext } from 'react-hook-form'
import { useCurrencies, useUsers } from '../api/reference-data'
import { CompanyPicker } from '../companies/company-picker'
import { Field } from '../ui/field'
import { defaultCurrency } from '../format/locale'
import { parseTagText } from '../../../shared/fields/tag'
import { byName, SelectField } from '../ui/select-field'
import { fieldError, TextField } from '../ui/text-field'
import { fieldRule } from './field-rules'

// The fields people and deals share: who owns one, its company, its currency, its tags.

/** The workspace's users, or no owner; bound to the form's `ownerId`. */
export function OwnerSelect({ id }: { id: string }) {
  const { t } = useTranslation(['forms', 'common'])
  const users = byName(useUsers().data)
  return (
    <SelectField
      id={id}
      label={t('common:owner')}
      name="ownerId"
      none={t('fields.noOwner')}
      choices={users}
    />
  )
}

/** A company of the workspace, or none, found by typing; bound to the form's field `name`. */
export function CompanySelect({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('common')
  const { control, formState } = useFormContext()
  const error = fieldError(formState.errors, name)
  return (
    <Field id={id} label={t('company')} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CompanyPicker
            creates
            id={id}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
      />
    </Field>
  )
}

/** The workspace's enabled currencies (the default one until they load); bound to `name`. */
export function CurrencySelect({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('forms')
  const codes = (useCurrencies().data ?? [{ code: defaultCurrency }]).map(({ code }) => code)
  const choices = codes.map((code) => ({ value: code, label: code }))
  return <SelectField id={id} label={t('fields.currency')} name={name} choices={choices} />
}

/** The record's tags, typed separated by commas; bound to the form's `tags`. */
export function TagsField({ id }: { id: string }) {
  const { t } = useTranslation(['forms', 'common'])
  const rules = { validate: fieldRule(t('fields.tag'), parseTagText) }
  return (
    <TextField
      id={id}
      label={t('common:tags')}
      name="tags"
      hint={t('fields.tagsHint')}
      rules={rules}
    />
  )
}
