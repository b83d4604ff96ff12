import type { ReactNode } from 'react'

/**
 * The one-row form under a settings list (a new lost reason, a pipeline's name, a new token): its
 * title, its controls and a submit button. The title is the first control's label when
 * `labelFor` names it, and a legend over the row when the row has several labelled controls.
 */
export function InlineForm({
  title,
  labelFor,
  onSubmit,
  submit,
  children,
}: {
  title: string
  labelFor?: string
  onSubmit(): void
  submit: { label: string; disabled: boolean; primary?: boolean }
  children: ReactNode
}) {
  const row = (
    <div className="inline-row">
      {children}
      <button
        type="submit"
        className={submit.primary ? 'button button-primary' : 'button'}
        disabled={submit.disabled}
      >
        {submit.label}
      </button>
    </div>
  )
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {labelFor ? (
        <>
          <label htmlFor={labelFor}>{title}</label>
          {row}
        </>
      ) : (
        <fieldset className="plain-fieldset">
          <legend>{title}</legend>
          {row}
        </fieldset>
      )}
    </form>
  )
}
