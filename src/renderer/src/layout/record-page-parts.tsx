import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { TimelineEvent } from '../api/types'
import { Timeline } from '../timeline/timeline'
import { ConfirmDialog } from '../ui/dialog'

// The parts a record's page (a deal's, a person's) has alike.

/** The record's events, newest first, in a card of their own. */
export function TimelineCard({
  id,
  title,
  query,
}: {
  id: string
  title: string
  query: UseQueryResult<{ data: TimelineEvent[] }>
}) {
  return (
    <section aria-labelledby={id} className="detail-card">
      <h2 id={id}>{title}</h2>
      <Timeline query={query} />
    </section>
  )
}

/** Asks before a record is deleted for good; `what` names its kind (`deal`, `person`). */
export function DeleteRecordDialog(props: {
  what: string
  open: boolean
  busy: boolean
  message: ReactNode
  onConfirm(): void
  onClose(): void
}) {
  return (
    <ConfirmDialog
      {...props}
      title={`Delete this ${props.what}?`}
      confirmLabel={`Delete ${props.what}`}
      danger
    />
  )
}
