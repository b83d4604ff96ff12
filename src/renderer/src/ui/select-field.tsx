import { useFormContext, type RegisterOptions } from 'react-hook-form'
import { controlProps, Field } from './field'
import { fieldError } from './text-field'

export interface Choice {
  value: string
  label: string
}

/** Records named by `name` (owners, companies, pipelines, reasons) as choices by id. */
export const byName = (records: readonly { id: string; name: string }[] | undefined): Choice[] =>
  (records ?? []).map((record) => ({ value: record.id, label: record.name }))

/**
 * A labelled select of the form around it (a react-hook-form `FormProvider`), bound to the field
 * `name` with its error: an optional first "nothing" choice (`none`), then `choices`.
 */
export function SelectField({
  id,
  label,
  name,
  none,
  choices,
  rules,
}: {
  id: string
  label: string
  name: string
  /** The label of the empty choice (`None`, `Choose…`); without it there is none. */
  none?: string
  choices: readonly Choice[]
  rules?: RegisterOptions
}) {
  const { register, formState } = useFormContext()
  const error = fieldError(formState.errors, name)
  return (
    <Field id={id} label={label} error={error}>
      <select {...controlProps(id, error)} {...register(name, rules)}>
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
