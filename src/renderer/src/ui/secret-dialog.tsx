import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from './copy-button'
import { Dialog } from './dialog'

/**
 * A secret shown once it is made (an API token, a signing secret): what it is for (`children`),
 * the secret with its copy button, what else goes with it (`after`), and Done; `action` stands
 * beside Done.
 */
export function SecretDialog({
  title,
  secret,
  testId,
  action,
  after,
  wide,
  onClose,
  children,
}: {
  title: string
  /** Null while there is none to show: the dialog is closed. */
  secret: string | null
  testId?: string
  action?: ReactNode
  after?: ReactNode
  /** For a long secret, such as a URL. */
  wide?: boolean
  onClose(): void
  children: ReactNode
}) {
  const { t } = useTranslation('ui')
  return (
    <Dialog open={secret !== null} title={title} onClose={onClose} size={wide ? 'wide' : 'normal'}>
      {secret !== null && (
        <>
          {children}
          <SecretBox value={secret} testId={testId} />
          {after}
          <div className="form-actions">
            {action}
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('secret.done')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}

/** A secret or address to copy: shown whole, in code, with its copy button. */
export function SecretBox({ value, testId }: { value: string; testId?: string }) {
  return (
    <div className="secret-box">
      <code data-testid={testId}>{value}</code>
      <CopyButton text={value} />
    </div>
  )
}
