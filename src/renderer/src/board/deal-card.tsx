import { useDraggable } from '@dnd-kit/core'
import type { KeyboardEvent } from 'react'
import type { BoardCard, StageType } from '../api/types'
import { formatDate, isPastDate } from '../format/dates'
import { initials } from '../format/labels'
import { formatMoney } from '../format/money'
import { localToday } from '../work/activity-labels'

const nextLabels = {
  overdue: 'Overdue',
  today: 'Today',
  future: 'Next',
  none: 'No next activity',
} as const

/**
 * The colour a card takes from its next activity, as Pipedrive's: red overdue, green today,
 * grey later, yellow when none is scheduled.
 */
function nextActivityState(next: BoardCard['nextActivity']) {
  if (!next) return { state: 'none', text: 'No activity scheduled', spoken: nextLabels.none }
  const today = localToday()
  const timedPast =
    next.dueTime !== null && next.dueAt !== null && Date.parse(next.dueAt) < Date.now()
  const state = !next.dueDate
    ? 'future'
    : next.dueDate < today || (next.dueDate === today && timedPast)
      ? 'overdue'
      : next.dueDate === today
        ? 'today'
        : 'future'
  const when = next.dueDate
    ? state === 'today'
      ? (next.dueTime ?? 'today')
      : formatDate(next.dueDate)
    : ''
  return {
    state,
    text: when ? `${next.subject} · ${when}` : next.subject,
    spoken: nextLabels[state],
  }
}

interface CardProps {
  card: BoardCard
  stageType: StageType
  onOpen(id: string): void
}

/** What a card shows; also the picture under the pointer while a card is dragged. */
export function DealCardBody({ card, stageType }: { card: BoardCard; stageType: StageType }) {
  const overdue =
    stageType === 'open' && card.expectedCloseDate && isPastDate(card.expectedCloseDate)
  const linked = [card.personName, card.companyName].filter(Boolean).join(' · ')
  const next = stageType === 'open' ? nextActivityState(card.nextActivity) : null
  return (
    <>
      <p className="deal-title">
        {card.title}
        {card.rotting && stageType === 'open' && <span className="rotting-badge">Rotting</span>}
      </p>
      <p className="deal-value">{formatMoney(card.value, card.currency)}</p>
      <p className="deal-linked">{linked || 'No person'}</p>
      {next && (
        <p className={`next-activity next-${next.state}`}>
          <span className="next-dot" aria-hidden="true" />
          <span className="visually-hidden">{next.spoken}: </span>
          {next.text}
        </p>
      )}
      <div className="deal-footer">
        {card.ownerName ? (
          <span className="owner" title={`Owner: ${card.ownerName}`}>
            <span className="avatar" aria-hidden="true">
              {initials(card.ownerName)}
            </span>
            <span className="visually-hidden">Owner: </span>
            <span className="owner-name">{card.ownerName}</span>
          </span>
        ) : (
          <span className="owner owner-none">No owner</span>
        )}
        {card.expectedCloseDate && (
          <span className={overdue ? 'close-date overdue' : 'close-date'}>
            <span className="visually-hidden">{overdue ? 'Overdue, expected ' : 'Expected '}</span>
            {formatDate(card.expectedCloseDate)}
          </span>
        )}
      </div>
    </>
  )
}

/** A deal on the board: click or Enter opens it; drag it (or Space, arrows, Space) to move it. */
export function DealCard({ card, stageType, onOpen }: CardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { stageId: card.stageId, card },
    attributes: { roleDescription: 'deal card, draggable' },
  })
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event)
    if (event.key === 'Enter' && !event.defaultPrevented) onOpen(card.id)
  }
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(card.id)}
      className={isDragging ? 'deal-card is-dragging' : 'deal-card'}
      data-deal-id={card.id}
      aria-label={`${card.title}, ${formatMoney(card.value, card.currency)}`}
    >
      <DealCardBody card={card} stageType={stageType} />
    </div>
  )
}
