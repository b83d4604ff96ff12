import { useHotkeys } from './hotkeys'

/**
 * A list's primary "New …" button; N does the same while it is shown, as the shortcuts list says
 * (so a screen that hides it from a read-only member takes the key away too).
 */
export function NewRecordButton({
  label,
  onNew,
  disabled = false,
}: {
  label: string
  onNew(): void
  disabled?: boolean
}) {
  useHotkeys({ n: () => !disabled && onNew() })
  return (
    <button
      type="button"
      className="button button-primary"
      onClick={onNew}
      aria-keyshortcuts="n"
      disabled={disabled}
    >
      {label}
    </button>
  )
}
