import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '../../ui/field'
import { TextField } from '../../ui/text-field'
import type { FormValues } from './form-values'

/**
 * How a sender seen before is recognised (by e-mail, phone, chosen fields, or never), and how a
 * delivery sent again is (its id).
 */
export function DedupeSection() {
  const { t } = useTranslation('inbound')
  const { register, control } = useFormContext<FormValues>()
  const strategy = useWatch({ control, name: 'strategy' })
  return (
    <>
      <h3>{t('dedupe.heading')}</h3>
      <div className="form-grid">
        <Field id="inbound-dedupe" label={t('dedupe.when')}>
          <select id="inbound-dedupe" {...register('strategy')}>
            <option value="email">{t('dedupe.email')}</option>
            <option value="phone">{t('dedupe.phone')}</option>
            <option value="composite">{t('dedupe.composite')}</option>
            <option value="none">{t('dedupe.none')}</option>
          </select>
        </Field>
        {strategy === 'composite' ? (
          <TextField
            id="inbound-composite"
            label={t('dedupe.fields')}
            name="compositeFields"
            hint={t('dedupe.fieldsHint')}
          />
        ) : (
          <TextField
            id="inbound-country"
            label={t('dedupe.country')}
            name="defaultCountry"
            maxLength={2}
          />
        )}
        <TextField
          id="inbound-delivery-id"
          label={t('dedupe.deliveryIdPath')}
          name="deliveryIdPath"
          placeholder="event.id"
          hint={t('dedupe.deliveryIdHint')}
        />
      </div>
    </>
  )
}
