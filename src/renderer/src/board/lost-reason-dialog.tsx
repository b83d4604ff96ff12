import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLostReasons } from '../api/reference-data'
import { Dialog } from '../ui/dialog'
import { ErrorState, Skeleton } from '../ui/states'

export interface PendingLoss {
  dealId: string
  dealTitle: string
  stageId: string
  stageName: string
}

/**
 * Asked when a deal is dropped on a lost stage: the server refuses a lost deal without a reason.
 * Cancelling leaves the deal where it was.
 */
export function LostReasonDialog({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingLoss | null
  onConfirm(lostReasonId: string): void
  onCancel(): void
}) {
  const { t } = useTranslation('board')
  return (
    <Dialog open={pending !== null} title={t('lostReason.title')} onClose={onCancel}>
      {pending && <LostReasonForm pending={pending} onConfirm={onConfirm} onCancel={onCancel} />}
    </Dialog>
  )
}

function LostReasonForm({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingLoss
  onConfirm(lostReasonId: string): void
  onCancel(): void
}) {
  const { t } = useTranslation(['board', 'common'])
  const reasons = useLostReasons({ fresh: true })
  const [missing, setMissing] = useState(false)
  const errorId = useId()
  // The reasons arrive after the dialog opened (and focused its close button): once they are
  // there, the first takes the focus, so the arrows choose and Enter confirms.
  const firstReason = useRef<HTMLInputElement>(null)
  const focused = useRef(false)
  useEffect(() => {
    if (focused.current || !firstReason.current) return
    focused.current = true
    firstReason.current.focus()
  }, [reasons.data])
  // The choice is read from the form, not kept in state: what the browser shows checked is what
  // is sent, even if a click on a radio never reached React (see the board's drop).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen = new FormData(event.currentTarget).get('lostReason')
    if (typeof chosen === 'string') onConfirm(chosen)
    else setMissing(true)
  }
  return (
    <form onSubmit={submit}>
      <p>
        <Trans
          t={t}
          i18nKey="lostReason.moving"
          values={{ title: pending.dealTitle, stage: pending.stageName }}
          components={{ strong: <strong /> }}
        />
      </p>
      {reasons.isPending && <Skeleton lines={4} label={t('lostReason.loading')} />}
      {reasons.isError && <ErrorState error={reasons.error} retry={() => void reasons.refetch()} />}
      {reasons.data?.length === 0 && (
        <p>
          <Trans
            t={t}
            i18nKey="lostReason.none"
            components={{ settingsLink: <Link to="/settings/lost-reasons" /> }}
          />
        </p>
      )}
      {reasons.data && reasons.data.length > 0 && (
        <fieldset className="choice-list" aria-describedby={missing ? errorId : undefined}>
          <legend>{t('lostReason.legend')}</legend>
          {reasons.data.map((reason, index) => (
            <label key={reason.id} className="choice">
              <input
                type="radio"
                name="lostReason"
                value={reason.id}
                ref={index === 0 ? firstReason : undefined}
                data-autofocus={index === 0 ? true : undefined}
                onChange={() => setMissing(false)}
              />
              {reason.name}
            </label>
          ))}
          {missing && (
            <p className="field-error" id={errorId}>
              {t('lostReason.missing')}
            </p>
          )}
        </fieldset>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common:cancel')}
        </button>
        <button type="submit" className="button button-danger" disabled={!reasons.data?.length}>
          {t('lostReason.confirm')}
        </button>
      </div>
    </form>
  )
}
