import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { byId, useUsers } from '../api/reference-data'
import type { Activity, MyWork } from '../api/types'
import { dueLabel, typeName } from './activity-labels'
import { useActivityTypes } from './use-work'

/**
 * The line under an activity's subject: type, due date, a priority other than normal, duration,
 * recurrence, assignee, outcome, and (given `names`) links to its deal and people.
 */
export function ActivityMeta({ activity, names }: { activity: Activity; names?: MyWork['names'] }) {
  const { t } = useTranslation('work')
  const types = useActivityTypes()
  const assignee = byId(useUsers().data).get(activity.assigneeId ?? '')
  return (
    <span className="activity-meta">
      <span className="activity-type">{typeName(activity.type, types.data)}</span>
      <span className="activity-due">{dueLabel(activity)}</span>
      {activity.priority !== 'normal' && (
        <span className={`activity-priority-${activity.priority}`}>
          {t(`item.priority.${activity.priority}`)}
        </span>
      )}
      {activity.durationMinutes !== null && (
        <span>{t('item.duration', { count: activity.durationMinutes })}</span>
      )}
      {activity.recurrence && <span>{t(`item.repeats.${activity.recurrence}`)}</span>}
      {assignee && <span>{t('item.assignee', { name: assignee.name })}</span>}
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
  )
}
