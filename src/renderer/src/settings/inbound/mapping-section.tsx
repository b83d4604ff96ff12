import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { controlProps } from '../../ui/field'
import type { FormValues } from './form-values'
import { customTarget, listTargets, targetsFor } from './mapping-targets'

/** The field mapping: one row per Outpost field, each with its constant, placeholder or template. */
export function MappingSection() {
  const { register, control, formState } = useFormContext<FormValues>()
  const rows = useFieldArray({ control, name: 'mapping' })
  const [objectType, mapping] = useWatch({ control, name: ['objectType', 'mapping'] })
  return (
    <>
      <h3>Field mapping</h3>
      <p className="section-intro">
        Each field takes a constant (<code>website</code>), a placeholder for a field of the payload
        (<code>{'{{email}}'}</code>, <code>{'{{form.answers[0].email}}'}</code>) or a template
        mixing both (<code>{'{{first_name}} {{last_name}}'}</code>).
      </p>
      <table className="mapping-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
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
                    Field {index + 1}
                  </label>
                  <select id={`map-target-${index}`} {...register(`mapping.${index}.target`)}>
                    {targetsFor(objectType).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                    <option value={customTarget}>Custom field…</option>
                  </select>
                  {target === customTarget && (
                    <>
                      <label className="visually-hidden" htmlFor={`map-key-${index}`}>
                        Custom field name {index + 1}
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
                    Value of field {index + 1}
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
                    aria-label={`Remove field ${index + 1}`}
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
        Add a field
      </button>
    </>
  )
}
