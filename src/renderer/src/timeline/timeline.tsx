import type { UseQueryResult } from '@tanstack/react-query'
import type { TimelineEvent } from '../api/types'
import { byId, stagesById, useLostReasons, usePipelines, useUsers } from '../api/reference-data'
import { formatDateTime, formatRelative } from '../format/dates'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { describeActor, describeEvent, type Names } from './describe-event'
import './timeline.css'

const tone = (type: TimelineEvent['type']) =>
  type.endsWith('.won') ? 'won' : type.endsWith('.lost') || type.endsWith('deleted') ? 'lost' : ''

/** What happened to a deal or person, newest first, from the events the server recorded. */
export function Timeline({ query }: { query: UseQueryResult<{ data: TimelineEvent[] }> }) {
  // Events carry ids; the workspace's cached reference lists give them their names.
  const stages = stagesById(usePipelines().data)
  const reasons = byId(useLostReasons().data)
  const users = byId(useUsers().data)
  const names: Names = {
    stage: (stageId) => stages.get(stageId)?.name,
    lostReason: (reasonId) => reasons.get(reasonId)?.name,
    user: (userId) => users.get(userId)?.name,
  }
  if (query.isPending) return <Skeleton lines={4} label="Loading the timeline" />
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />
  const lines = query.data.data.flatMap((event) => {
    const text = describeEvent(event, names)
    return text ? [{ event, text }] : []
  })
  if (lines.length === 0) return <EmptyState title="Nothing has happened yet" />
  return (
    <ol className="timeline">
      {lines.map(({ event, text }) => (
        <li key={event.id} className={`timeline-item ${tone(event.type)}`}>
          <span className="timeline-text">{text}</span>
          {describeActor(event.actor) && (
            <span className="timeline-actor">{describeActor(event.actor)}</span>
          )}
          <time dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
            {formatRelative(event.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  )
}
