import { useTranslation } from 'react-i18next'
import { useLiveStatus } from './live-updates'

/** Whether changes from scripts and webhooks are showing up on their own. */
export function LiveStatusBadge() {
  const { t } = useTranslation('live')
  const status = useLiveStatus()
  return (
    <p className={`live-status live-${status}`} title={t('statusHint')}>
      <span className="live-dot" aria-hidden="true" />
      {t(`status.${status}`)}
    </p>
  )
}
