import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { controlProps } from '../../ui/field'
import type { FormValues } from './form-values'
import { customTarget, listTargets, targetsFor } from './mapping-targets'

/** The field mapping: one row per Outpost field, each with its constant, placeholder or template. */
export function MappingSection() {
  const { t } = useTranslation('inbound')
  const { register, control, formState } = useFormContext<FormValues>()
  const rows = useFieldArray({ control, name: 'mapping' })
  const [objectType, mapping] = useWatch({ control, name: ['objectType', 'mapping'] })
  return (
    <>
      <h3>{t('mapping.heading')}</h3>
      <p className="section-intro">
        <Trans
          t={t}
          i18nKey="mapping.intro"
          values={{
            constant: 'website',
            placeholder: '{{email}}',
            path: '{{form.answers[0].email}}',
            template: '{{first_name}} {{last_name}}',
          }}
          components={{ code: <code /> }}
        />
      </p>
      <table className="mapping-table">
        <thead>
          <tr>
            <th scope="col">{t('mapping.field')}</th>
            <th scope="col">{t('mapping.value')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('mapping.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, index) => {
            const target = mapping[index]?.target
            const error = formState.errors.mapping?.[index]?.value?.message
            return (
              <tr key={row.id}>
                <td>
                  <label className="visually-hidden" htmlFor={`map-target-${index}`}>
                    {t('mapping.fieldNumber', { number: index + 1 })}
                  </label>
                  <select id={`map-target-${index}`} {...register(`mapping.${index}.target`)}>
                    {targetsFor(objectType).map(([value, label]) => (
                      <option key={value} value={value}>
                        {t(label)}
                      </option>
                    ))}
                    <option value={customTarget}>{t('mapping.custom')}</option>
                  </select>
                  {target === customTarget && (
                    <>
                      <label className="visually-hidden" htmlFor={`map-key-${index}`}>
                        {t('mapping.customName', { number: index + 1 })}
                      </label>
                      <input
                        id={`map-key-${index}`}
                        placeholder="plan"
                        className="custom-key"
                        {...register(`mapping.${index}.customKey`)}
                      />
                    </>
                  )}
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`map-value-${index}`}>
                    {t('mapping.valueOf', { number: index + 1 })}
                  </label>
                  <input
                    {...controlProps(`map-value-${index}`, error)}
                    className="mono"
                    placeholder={listTargets.has(target ?? '') ? 'web, {{campaign}}' : '{{field}}'}
                    {...register(`mapping.${index}.value`)}
                  />
                  {error && (
                    <p className="field-error" id={`map-value-${index}-error`}>
                      {error}
                    </p>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('mapping.removeField', { number: index + 1 })}
                    onClick={() => rows.remove(index)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="button"
        onClick={() => rows.append({ target: 'leadSource', customKey: '', value: '' })}
      >
        {t('mapping.add')}
      </button>
    </>
  )
}
