import type { InputHTMLAttributes } from 'react'

/**
 * A text input whose label only screen readers hear, for rows whose place already says what the
 * input holds (a name in a list of names); `onValue` gets each new value.
 */
export function QuietInput({
  label,
  onValue,
  ...input
}: { id: string; label: string; onValue(value: string): void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'id'
>) {
  return (
    <>
      <label className="visually-hidden" htmlFor={input.id}>
        {label}
      </label>
      <input {...input} onChange={(event) => onValue(event.target.value)} />
    </>
  )
}
