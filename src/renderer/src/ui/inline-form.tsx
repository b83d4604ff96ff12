import type { ReactNode } from 'react'

/**
 * The one-row form under a settings list (a new lost reason, a pipeline's name, a new token): its
 * title, its controls and a submit button. With `text`, the row starts with that text input and the
 * title is its label; without, the title is a legend over controls that have their own labels.
 */
export function InlineForm({
  title,
  text,
  onSubmit,
  submit,
  children,
}: {
  title: string
  text?: {
    id: string
    value: string
    onValue(value: string): void
    placeholder?: string
    /** A whole number: a numeric keypad, and a box the size of a number, not of the row. */
    numeric?: boolean
  }
  onSubmit(): void
  submit: { label: string; disabled: boolean; primary?: boolean }
  children?: ReactNode
}) {
  const row = (
    <div className="inline-row">
      {text && (
        <input
          id={text.id}
          value={text.value}
          placeholder={text.placeholder}
          inputMode={text.numeric ? 'numeric' : undefined}
          className={text.numeric ? 'number-input' : undefined}
          onChange={(event) => text.onValue(event.target.value)}
        />
      )}
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
      {text ? (
        <>
          <label htmlFor={text.id}>{title}</label>
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
