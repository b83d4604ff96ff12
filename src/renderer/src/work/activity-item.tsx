import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Activity, MyWork } from '../api/types'
import { dueLabel, dueState, typeName } from './activity-labels'
import { useActivityTypes } from './use-work'

/**
 * One activity in a list: a checkbox that marks it done, its type, subject and due date, coloured
 * by where it stands (red overdue, green today, grey later), and where it belongs.
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
  const types = useActivityTypes()
  const state = activity.done ? 'done' : dueState(activity)
  return (
    <li className={`activity-item activity-${state}`}>
      <input
        type="checkbox"
        checked={activity.done}
        disabled={busy}
        aria-label={t(activity.done ? 'item.markNotDone' : 'item.markDone', {
          subject: activity.subject,
        })}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <div className="activity-main">
        <span className="activity-subject">{activity.subject}</span>
        <span className="activity-meta">
          <span className="activity-type">{typeName(activity.type, types.data)}</span>
          <span className="activity-due">{dueLabel(activity)}</span>
          {activity.outcome && <span>{activity.outcome}</span>}
          {names && activity.dealId && (
            <Link to={`/deals/${activity.dealId}`}>
              {names.deals[activity.dealId] ?? t('item.deal')}
            </Link>
          )}
          {names &&
            activity.personIds.map((personId) => (
              <Link key={personId} to={`/people/${personId}`}>
                {names.people[personId] ?? t('item.person')}
              </Link>
            ))}
        </span>
      </div>
    </li>
  )
}
