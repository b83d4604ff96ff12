import { useTranslation } from 'react-i18next'
import type { Activity } from '../api/types'
import { Dialog } from '../ui/dialog'
import { ActivityForm } from './activity-form'

/** After one is done: "schedule the next?", with the same type and links. */
export function ScheduleNextDialog({
  after,
  onClose,
}: {
  after: Activity | null
  onClose(): void
}) {
  const { t } = useTranslation('work')
  return (
    <Dialog open={after !== null} title={t('scheduleNext.title')} onClose={onClose}>
      {after && (
        <ActivityForm
          mode="schedule"
          links={{
            personIds: after.personIds,
            ...(after.dealId ? { dealId: after.dealId } : {}),
            ...(after.companyId ? { companyId: after.companyId } : {}),
          }}
          initial={{
            type: after.type,
            subject: t('scheduleNext.subject', { subject: after.subject }).slice(0, 200),
          }}
          onSaved={onClose}
        />
      )}
    </Dialog>
  )
}
