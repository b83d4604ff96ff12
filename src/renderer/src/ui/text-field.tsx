import type { InputHTMLAttributes, ReactNode } from 'react'
import { get, useFormContext, type RegisterOptions } from 'react-hook-form'
import { controlProps, Field } from './field'

/** The message of the form's error on field `name` (a path such as `mapping.0.value`), if any. */
export function fieldError(errors: object, name: string): string | undefined {
  return (get(errors, name) as { message?: string } | undefined)?.message
}

/**
 * A labelled text input of the form around it (a react-hook-form `FormProvider`), bound to the
 * field `name` with its rules and error; other props (type, placeholder…) go to the input.
 */
export function TextField({
  id,
  label,
  name,
  rules,
  hint,
  after,
  ...input
}: {
  id: string
  label: string
  name: string
  rules?: RegisterOptions
  hint?: string
  after?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  const { register, formState } = useFormContext()
  const error = fieldError(formState.errors, name)
  return (
    <Field id={id} label={label} error={error} hint={hint} after={after}>
      <input {...controlProps(id, error)} {...input} {...register(name, rules)} />
    </Field>
  )
}
