import type { UseFormRegisterReturn } from 'react-hook-form'
import { controlProps, Field } from './field'

export interface Choice {
  value: string
  label: string
}

/** Records named by `name` (owners, companies, pipelines, reasons) as choices by id. */
export const byName = (records: readonly { id: string; name: string }[] | undefined): Choice[] =>
  (records ?? []).map((record) => ({ value: record.id, label: record.name }))

/** A labelled select tied to a form field: an optional first "nothing" choice, then `choices`. */
export function SelectField({
  id,
  label,
  error,
  none,
  choices,
  registration,
}: {
  id: string
  label: string
  error?: string
  /** The label of the empty choice (`None`, `Choose…`); without it there is none. */
  none?: string
  choices: readonly Choice[]
  registration: UseFormRegisterReturn
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select {...controlProps(id, error)} {...registration}>
        {none !== undefined && <option value="">{none}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  )
}
