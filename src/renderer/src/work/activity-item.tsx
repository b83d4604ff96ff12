import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { useUsers } from '../api/reference-data'
import type { Activity, MyWork } from '../api/types'
import { WhenLoaded } from '../ui/states'
import { ActivityForm } from './activity-form'
import { dueState } from './activity-labels'
import { ActivityMeta } from './activity-meta'
import { MarkdownText } from './markdown-text'
import { useActivityTypes } from './use-work'
import { WorkItemActions } from './work-item-actions'

/** The activity form prefilled, once the types and users its choices name are in. */
function EditActivity({ activity, onDone }: { activity: Activity; onDone(): void }) {
  const { t } = useTranslation('work')
  return (
    <WhenLoaded queries={[useActivityTypes(), useUsers()]} label={t('card.loading')}>
      <ActivityForm
        mode={activity.done ? 'log' : 'schedule'}
        links={{}}
        activity={activity}
        onSaved={onDone}
      />
    </WhenLoaded>
  )
}

/**
 * One activity in a list: a checkbox that marks it done, its subject and details, coloured by
 * where it stands (red overdue, green today, grey later), its Markdown body, Edit and Delete.
 */
export function ActivityItem({
  activity,
  onToggle,
  busy,
  names,
}: {
  activity: Activity
  onToggle(done: boolean): void
  busy?: boolean
  /** Given, the item links to its deal and people by these names (My work). */
  names?: MyWork['names']
}) {
  const { t } = useTranslation('work')
  const canWrite = useCan('records.write')
  const state = activity.done ? 'done' : dueState(activity)
  return (
    <li className={`activity-item activity-${state}`}>
      <input
        type="checkbox"
        checked={activity.done}
        disabled={busy || !canWrite}
        aria-label={t(activity.done ? 'item.markNotDone' : 'item.markDone', {
          subject: activity.subject,
        })}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <div className="activity-main">
        <span className="activity-subject">{activity.subject}</span>
        <ActivityMeta activity={activity} names={names} />
        {activity.body && <MarkdownText text={activity.body} />}
      </div>
      <WorkItemActions
        kind="activity"
        id={activity.id}
        name={activity.subject}
        editForm={(close) => <EditActivity activity={activity} onDone={close} />}
      />
    </li>
  )
}
