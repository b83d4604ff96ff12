import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './dialog.css'

interface DialogProps {
  open: boolean
  title: string
  /** Asked before the dialog closes by Escape or the close button; false keeps it open. */
  canClose?: () => boolean
  onClose: () => void
  children: ReactNode
  /** `wide` for forms with two columns or long content. */
  size?: 'normal' | 'wide'
}

/**
 * A modal on the native <dialog> element: the browser traps focus, closes on Escape and puts
 * everything behind it out of reach of the keyboard and screen readers.
 */
export function Dialog({ open, title, canClose, onClose, children, size = 'normal' }: DialogProps) {
  const { t } = useTranslation('common')
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // showModal focuses the close button; the first field is where typing starts.
      const field =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('.dialog-body :is(input, select, textarea)')
      field?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  const requestClose = () => {
    if (!canClose || canClose()) onClose()
  }

  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        requestClose()
      }}
    >
      {open && (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('close')}
              onClick={requestClose}
            >
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      )}
    </dialog>
  )
}

interface ConfirmProps {
  open: boolean
  title: string
  message: ReactNode
  confirmLabel: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Asks before something that cannot be undone (a delete, a revoke). */
export function ConfirmDialog(props: ConfirmProps) {
  const { t } = useTranslation(['ui', 'common'])
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose}>
      <div className="confirm-message">{props.message}</div>
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t('common:cancel')}
        </button>
        <button
          type="button"
          className={props.danger ? 'button button-danger' : 'button button-primary'}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.busy ? t('confirm.working') : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  )
}
