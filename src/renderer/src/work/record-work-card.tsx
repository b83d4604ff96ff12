import type { UseQueryResult } from '@tanstack/react-query'
import { useCan } from '../session/workspace'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Activity, Timeline as TimelinePage } from '../api/types'
import { Timeline } from '../timeline/timeline'
import { ErrorState, Skeleton } from '../ui/states'
import { ActivityItem } from './activity-item'
import { NoteItem } from './note-item'
import { ScheduleNextDialog } from './schedule-next-dialog'
import { useRecordWork, useToggleDone, type RecordRef } from './use-work'
import { WorkComposer, type NewWorkDefaults } from './work-composer'
import './work.css'

/**
 * When a done activity happened: its due time, which a log entry dated "now" has to the minute
 * only; then the moment it was marked done is the same minute, to the millisecond.
 */
function happenedAt(activity: Activity): string {
  const { dueAt, doneAt, createdAt } = activity
  if (dueAt && doneAt && dueAt.slice(0, 16) === doneAt.slice(0, 16)) return doneAt
  return dueAt ?? doneAt ?? createdAt
}

/**
 * A record's work and history in one card: a composer (log, schedule, note), then pinned notes,
 * upcoming activities, and the history of done activities and notes, newest first, above the
 * record's own changes.
 */
export function RecordWorkCard({
  record,
  newWork,
  events,
}: {
  record: RecordRef
  /** What a new activity starts with besides the record (its person, its assignee). */
  newWork?: NewWorkDefaults
  /** The record's changes; a company's are those of its people and deals, each line naming one. */
  events?: UseQueryResult<TimelinePage>
}) {
  const { t } = useTranslation('work')
  const canWrite = useCan('records.write')
  const [next, setNext] = useState<Activity | null>(null)
  const { activityList, noteList } = useRecordWork(record)
  const toggle = useToggleDone(setNext)
  const failed = activityList.error ?? noteList.error
  const all = activityList.data?.data ?? []
  const upcoming = all.filter((activity) => !activity.done)
  const pinned = (noteList.data?.data ?? []).filter((note) => note.pinned)
  const history = [
    ...all
      .filter((activity) => activity.done)
      .map((activity) => ({
        at: happenedAt(activity),
        activity,
      })),
    ...(noteList.data?.data ?? [])
      .filter((note) => !note.pinned)
      .map((note) => ({ at: note.notedAt, note })),
  ].sort((a, b) => b.at.localeCompare(a.at))
  const item = (activity: Activity) => (
    <ActivityItem
      key={activity.id}
      activity={activity}
      busy={toggle.isPending}
      onToggle={(done) => toggle.mutate({ activity, done })}
    />
  )

  return (
    <section aria-labelledby={`${record.kind}-work`} className="detail-card work-card">
      <h2 id={`${record.kind}-work`}>{t('card.heading')}</h2>
      {canWrite && <WorkComposer record={record} defaults={newWork} />}
      {failed && <ErrorState error={failed} retry={() => void activityList.refetch()} />}
      {(activityList.isPending || noteList.isPending) && (
        <Skeleton lines={3} label={t('card.loading')} />
      )}
      {pinned.length > 0 && (
        <>
          <h3>{t('card.pinned')}</h3>
          <ul className="work-list">
            {pinned.map((note) => (
              <NoteItem key={note.id} note={note} />
            ))}
          </ul>
        </>
      )}
      {upcoming.length > 0 && (
        <>
          <h3>{t('card.upcoming')}</h3>
          <ul className="work-list">{upcoming.map(item)}</ul>
        </>
      )}
      <h3>{t('card.history')}</h3>
      {events ? (
        <Timeline
          query={events}
          named={record.kind === 'company'}
          entries={history.map((entry) =>
            'note' in entry
              ? { key: entry.note.id, at: entry.at, item: <NoteItem note={entry.note} /> }
              : { key: entry.activity.id, at: entry.at, item: item(entry.activity) },
          )}
        />
      ) : (
        history.length > 0 && (
          <ul className="work-list">
            {history.map((entry) =>
              'note' in entry ? (
                <NoteItem key={entry.note.id} note={entry.note} />
              ) : (
                item(entry.activity)
              ),
            )}
          </ul>
        )
      )}
      <ScheduleNextDialog after={next} onClose={() => setNext(null)} />
    </section>
  )
}
