import type { ReactNode } from 'react'

/** The props that tie a control to its label and error message. */
export function controlProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const
}

/** A labelled form control with its inline error (from the form or from the server). */
export function Field({
  id,
  label,
  error,
  hint,
  after,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  /** Shown below the error or hint, such as a link to the record that holds a taken value. */
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        hint && <p className="field-hint">{hint}</p>
      )}
      {after}
    </div>
  )
}

/** Why the last save of a form failed, for what no single field explains; nothing when it did not. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null
}
