import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './toast.css'

type Tone = 'info' | 'success' | 'error'

interface Action {
  label: string
  run: () => void
}

interface Toast {
  id: number
  tone: Tone
  message: string
  action?: Action
  /** Several buttons, after `action` (a reminder's Done, Snooze and Open). */
  actions?: Action[]
  /** How long it stays, when longer than usual (a reminder waits to be acted on). */
  durationMs?: number
}

type Show = (
  message: string,
  options?: { tone?: Tone; action?: Action; actions?: Action[]; durationMs?: number },
) => void

const ToastContext = createContext<Show>(() => {})

/** Shows a short message at the corner: "Deal moved", or why a move was undone. */
export const useToast = () => useContext(ToastContext)

let nextId = 1

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui')
  const [toasts, setToasts] = useState<Toast[]>([])
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])
  const show = useCallback<Show>(
    (message, options = {}) => {
      const toast: Toast = { id: nextId++, tone: options.tone ?? 'info', message, ...options }
      setToasts((current) => [...current.slice(-3), toast])
      const duration = toast.durationMs ?? (toast.tone === 'error' ? 10_000 : 5_000)
      setTimeout(() => dismiss(toast.id), duration)
    },
    [dismiss],
  )
  const value = useMemo(() => show, [show])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.tone}`}>
            <span>{toast.message}</span>
            {[...(toast.action ? [toast.action] : []), ...(toast.actions ?? [])].map((action) => (
              <button
                key={action.label}
                type="button"
                className="link-button"
                onClick={() => {
                  action.run()
                  dismiss(toast.id)
                }}
              >
                {action.label}
              </button>
            ))}
            <button
              type="button"
              className="icon-button"
              aria-label={t('toast.dismiss')}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}
