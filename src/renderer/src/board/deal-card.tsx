import { useDraggable } from '@dnd-kit/core'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import type { BoardCard, StageType } from '../api/types'
import { formatDate, formatTimeOfDay, isPastDate } from '../format/dates'
import { initials } from '../format/labels'
import { formatMoney } from '../format/money'
import { localToday } from '../work/activity-labels'

const nextLabels = {
  overdue: 'card.next.overdue',
  today: 'card.next.today',
  future: 'card.next.future',
  none: 'card.next.none',
} as const

/**
 * The colour a card takes from its next activity, as Pipedrive's: red overdue, green today,
 * grey later, yellow when none is scheduled.
 */
function nextActivityState(next: BoardCard['nextActivity'], todayWord: string) {
  if (!next) return { state: 'none', text: null, spoken: nextLabels.none }
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
      ? next.dueTime
        ? formatTimeOfDay(next.dueTime)
        : todayWord
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
  const { t } = useTranslation('board')
  const overdue =
    stageType === 'open' && card.expectedCloseDate && isPastDate(card.expectedCloseDate)
  const linked = [card.personName, card.companyName].filter(Boolean).join(' · ')
  const next = stageType === 'open' ? nextActivityState(card.nextActivity, t('card.today')) : null
  return (
    <>
      <p className="deal-title">
        {card.title}
        {card.rotting && stageType === 'open' && (
          <span className="rotting-badge">{t('card.rotting')}</span>
        )}
      </p>
      <p className="deal-value">{formatMoney(card.value, card.currency)}</p>
      <p className="deal-linked">{linked || t('card.noPerson')}</p>
      {next && (
        <p className={`next-activity next-${next.state}`}>
          <span className="next-dot" aria-hidden="true" />
          <span className="visually-hidden">{t(next.spoken)}: </span>
          <span className="next-text" title={next.text ?? undefined}>
            {next.text ?? t('card.noActivity')}
          </span>
        </p>
      )}
      <div className="deal-footer">
        {card.ownerName ? (
          <span className="owner" title={t('card.ownerTitle', { name: card.ownerName })}>
            <span className="avatar" aria-hidden="true">
              {initials(card.ownerName)}
            </span>
            <span className="visually-hidden">{t('card.ownerHidden')}</span>
            <span className="owner-name">{card.ownerName}</span>
          </span>
        ) : (
          <span className="owner owner-none">{t('card.noOwner')}</span>
        )}
        {card.expectedCloseDate && (
          <span className={overdue ? 'close-date overdue' : 'close-date'}>
            <span className="visually-hidden">
              {overdue ? t('card.overdueExpected') : t('card.expected')}
            </span>
            {formatDate(card.expectedCloseDate)}
          </span>
        )}
      </div>
    </>
  )
}

/** A deal on the board: click or Enter opens it; drag it (or Space, arrows, Space) to move it. */
export function DealCard({ card, stageType, onOpen }: CardProps) {
  const { t } = useTranslation('board')
  // A read-only member's cards open but do not move: the move would be refused.
  const canWrite = useCan('records.write')
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    disabled: !canWrite,
    data: { stageId: card.stageId, card },
    attributes: { roleDescription: t('card.roleDescription') },
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
