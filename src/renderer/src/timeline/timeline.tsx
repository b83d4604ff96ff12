import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Timeline as TimelinePage, TimelineEvent } from '../api/types'
import { byId, stagesById, useLostReasons, usePipelines, useUsers } from '../api/reference-data'
import { formatDateTime, formatRelative } from '../format/dates'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { describeActor, describeEvent, type Names } from './describe-event'
import './timeline.css'

const tone = (type: TimelineEvent['type']) =>
  type.endsWith('.won') ? 'won' : type.endsWith('.lost') || type.endsWith('deleted') ? 'lost' : ''

/** A line the record's page adds to its history (a done activity, a note), with its moment. */
export interface HistoryEntry {
  key: string
  at: string
  /** An `<li>`. */
  item: ReactNode
}

/**
 * What happened to a deal or person, newest first: the events the server recorded, merged by
 * time with the page's own `entries` (done activities and notes).
 */
export function Timeline({
  query,
  entries = [],
  named = false,
}: {
  query: UseQueryResult<TimelinePage>
  entries?: HistoryEntry[]
  /** The events are of several records (a company's people and deals): name each line's. */
  named?: boolean
}) {
  const { t } = useTranslation('timeline')
  // Events carry ids; the workspace's cached reference lists give them their names.
  const stages = stagesById(usePipelines().data)
  const reasons = byId(useLostReasons().data)
  const users = byId(useUsers().data)
  const names: Names = {
    stage: (stageId) => stages.get(stageId)?.name,
    lostReason: (reasonId) => reasons.get(reasonId)?.name,
    user: (userId) => users.get(userId)?.name,
    person: (personId) => query.data?.names.people[personId],
    company: (companyId) => query.data?.names.companies[companyId],
  }
  if (query.isPending) return <Skeleton lines={4} label={t('loading')} />
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />
  const lines: HistoryEntry[] = query.data.data.flatMap((event) => {
    const described = describeEvent(event, names)
    const text = described && named ? `${recordName(event)}: ${described}` : described
    return text ? [{ key: event.id, at: event.createdAt, item: eventLine(event, text) }] : []
  })
  const merged = [...lines, ...entries].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  if (merged.length === 0) return <EmptyState title={t('empty')} />
  return (
    <ol className="timeline">
      {merged.map((entry) => (
        <Fragment key={entry.key}>{entry.item}</Fragment>
      ))}
    </ol>
  )
}

/** The person's name or the deal's title the event is about. */
function recordName(event: TimelineEvent): string {
  const object = (event.data.object ?? {}) as { fullName?: string; title?: string }
  return object.fullName ?? object.title ?? ''
}

function eventLine(event: TimelineEvent, text: string) {
  return (
    <li className={`timeline-item ${tone(event.type)}`}>
      <span className="timeline-text">{text}</span>
      {describeActor(event.actor) && (
        <span className="timeline-actor">{describeActor(event.actor)}</span>
      )}
      <time dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
        {formatRelative(event.createdAt)}
      </time>
    </li>
  )
}
