import { useDroppable } from '@dnd-kit/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { BoardColumn, Stage } from '../api/types'
import { MoneyList } from '../ui/money-list'
import { AddToStageButton } from './add-to-stage-button'
import { DealCard } from './deal-card'

const stageTypeLabels = { open: null, won: 'column.won', lost: 'column.lost' } as const

/**
 * One stage: its header (count and sums per currency) and its cards. Only the cards in view are
 * in the page, so a column of thousands scrolls as lightly as a column of ten.
 */
export function BoardColumnView({
  stage,
  column,
  onOpen,
  stickyRight,
}: {
  stage: Stage
  column: BoardColumn
  onOpen(id: string): void
  /** For won and lost stages: kept in view at the board's right edge, this far from it. */
  stickyRight?: string
}) {
  const { t } = useTranslation('board')
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } })
  const scrollRef = useRef<HTMLDivElement>(null)
  const headingId = useId()
  // The virtualizer re-renders this component as the column scrolls; nothing here is memoized by
  // a compiler, so its changing functions are safe to use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: column.deals.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 112,
    overscan: 6,
    gap: 8,
    getItemKey: (index) => column.deals[index]!.id,
  })
  // A stage named "Won" needs no "Won" badge beside it; its colour and border still mark it.
  const labelKey = stageTypeLabels[stage.type]
  const label = labelKey ? t(labelKey) : null
  const typeLabel = label && label.toLowerCase() !== stage.name.trim().toLowerCase() ? label : null

  return (
    <section
      ref={setNodeRef}
      className={`board-column stage-${stage.type}${isOver ? ' is-over' : ''}`}
      aria-labelledby={headingId}
      data-stage-id={stage.id}
      style={stickyRight === undefined ? undefined : { right: stickyRight }}
    >
      <header className="column-header">
        <div className="column-title">
          <h2 id={headingId}>{stage.name}</h2>
          {typeLabel && <span className={`stage-badge badge-${stage.type}`}>{typeLabel}</span>}
          <span className="column-count" aria-label={t('column.count', { count: column.count })}>
            {column.count}
          </span>
          <AddToStageButton stage={stage} />
        </div>
        <p className="column-totals">
          {stage.type !== 'open' && <span className="column-period">{t('column.thisMonth')}</span>}
          <MoneyList money={column.totals} />
          {stage.type === 'open' && column.totals.length > 0 && (
            <span
              className="column-weighted"
              title={t('column.weightedAt', { percent: stage.probability ?? 0 })}
            >
              <span aria-hidden="true">≈ </span>
              <span className="visually-hidden">{t('column.weightedHidden')}</span>
              <MoneyList money={column.weighted} />
            </span>
          )}
        </p>
      </header>
      <div ref={scrollRef} className="column-scroll">
        {column.deals.length === 0 ? (
          <p className="column-empty">{t('column.empty')}</p>
        ) : (
          <div
            role="list"
            aria-labelledby={headingId}
            className="column-cards"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                role="listitem"
                // The column renders only what is in view; these keep the count right.
                aria-posinset={item.index + 1}
                aria-setsize={column.count}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="card-slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <DealCard card={column.deals[item.index]!} stageType={stage.type} onOpen={onOpen} />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  )
}
