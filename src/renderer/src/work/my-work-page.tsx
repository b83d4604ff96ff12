import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { activities } from '../api/endpoints'
import { keys } from '../api/keys'
import type { Activity, MyWork } from '../api/types'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { Dialog } from '../ui/dialog'
import { ActivityForm } from './activity-form'
import { ActivityItem } from './activity-item'
import { ReminderPermission } from './reminder-notices'
import { ScheduleNextDialog } from './schedule-next-dialog'
import { useToggleDone } from './use-work'
import './work.css'

const sections: (keyof MyWork['buckets'])[] = ['overdue', 'today', 'tomorrow', 'thisWeek', 'noDate']

/** The open work of the workspace by when it is due; its count also badges the navigation. */
export const useMyWork = () => useQuery({ queryKey: keys.myWork, queryFn: activities.myWork })

/** /my-work: Overdue, Today, Tomorrow, This week and No date, each ticked off in place. */
export function MyWorkPage() {
  const { t } = useTranslation('work')
  const work = useMyWork()
  const [next, setNext] = useState<Activity | null>(null)
  // ?new=task: the desktop tray's "New task…" opens the form at once.
  const [params, setParams] = useSearchParams()
  const adding = params.get('new') === 'task'
  const closeAdding = () => setParams({}, { replace: true })
  const toggle = useToggleDone(setNext)
  if (work.isError) return <ErrorState error={work.error} retry={() => void work.refetch()} />
  if (!work.data) return <Skeleton lines={6} label={t('myWork.loading')} />
  const { buckets } = work.data
  const empty = sections.every((bucket) => buckets[bucket].length === 0)
  return (
    <article className="my-work">
      <header className="page-header">
        <h1>{t('myWork.title')}</h1>
        <div className="page-actions">
          <ReminderPermission />
          <button
            type="button"
            className="button button-primary"
            onClick={() => setParams({ new: 'task' })}
          >
            {t('myWork.newTask')}
          </button>
        </div>
      </header>
      <Dialog open={adding} title={t('myWork.newTask')} onClose={closeAdding}>
        {adding && <ActivityForm mode="schedule" links={{}} onSaved={closeAdding} />}
      </Dialog>
      {empty && <EmptyState title={t('myWork.emptyTitle')}>{t('myWork.emptyText')}</EmptyState>}
      {sections.map((bucket) =>
        buckets[bucket].length === 0 ? null : (
          <section key={bucket} aria-labelledby={`work-${bucket}`}>
            <h2 id={`work-${bucket}`}>
              {t(`myWork.sections.${bucket}`)}{' '}
              <span className="count">{buckets[bucket].length}</span>
            </h2>
            <ul className="work-list">
              {buckets[bucket].map((activity) => (
                <ActivityItem
                  key={activity.id}
                  activity={activity}
                  names={work.data.names}
                  busy={toggle.isPending}
                  onToggle={(done) => toggle.mutate({ activity, done })}
                />
              ))}
            </ul>
          </section>
        ),
      )}
      <ScheduleNextDialog after={next} onClose={() => setNext(null)} />
    </article>
  )
}
