import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Board, BoardCard, Stage } from '../api/types'
import { BoardColumnView } from './board-column'
import { DealCardBody } from './deal-card'
import { boardDrag } from './drag-state'
import { columnKeyboardCoordinates, pointerOrCardCollision } from './keyboard-coordinates'
import { LostReasonDialog, type PendingLoss } from './lost-reason-dialog'
import { StagesOutOfView } from './stages-out-of-view'
import { useMoveDeal } from './use-move-deal'

/** How long dnd-kit's PointerSensor (6.3) stops clicks after a drop. */
const dropClickGuardMs = 50

export function BoardView({ board }: { board: Board }) {
  const { t } = useTranslation('board')
  const navigate = useNavigate()
  const move = useMoveDeal(board.pipeline.id)
  const [active, setActive] = useState<BoardCard | null>(null)
  const [pendingLoss, setPendingLoss] = useState<PendingLoss | null>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const sensors = useSensors(
    // A press that moves less than 6 px is a click, which opens the deal.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  )
  const stages = new Map<string, Stage>(board.pipeline.stages.map((stage) => [stage.id, stage]))
  const stageName = (id: unknown) => stages.get(String(id))?.name ?? t('drag.aStage')
  const cardTitle = (data: unknown) => (data as { card?: BoardCard } | undefined)?.card?.title

  // Open stages scroll; won and lost ones come last and stay at the right edge, drop targets that
  // are always in reach, holding only this month's deals.
  const placed = board.columns.flatMap((column) => {
    const stage = stages.get(column.stageId)
    return stage ? [{ column, stage }] : []
  })
  const closed = placed.filter(({ stage }) => stage.type !== 'open')
  const ordered = [
    ...placed.filter(({ stage }) => stage.type === 'open'),
    ...closed.map((item, index) => ({
      ...item,
      stickyRight: `calc(${closed.length - 1 - index} * (var(--closed-column-width) + 0.75rem))`,
    })),
  ] as { column: Board['columns'][number]; stage: Stage; stickyRight?: string }[]

  const screenReaderInstructions = { draggable: t('drag.instructions') }
  const announcements: Announcements = {
    onDragStart: ({ active: item }) =>
      t('drag.pickedUp', {
        title: cardTitle(item.data.current),
        stage: stageName(item.data.current?.stageId),
      }),
    onDragOver: ({ active: item, over }) =>
      over
        ? t('drag.over', { title: cardTitle(item.data.current), stage: stageName(over.id) })
        : undefined,
    onDragEnd: ({ active: item, over }) =>
      over
        ? t('drag.dropped', { title: cardTitle(item.data.current), stage: stageName(over.id) })
        : t('drag.putBack', { title: cardTitle(item.data.current) }),
    onDragCancel: ({ active: item }) => t('drag.putBack', { title: cardTitle(item.data.current) }),
  }

  const onDragStart = ({ active: item }: DragStartEvent) => {
    boardDrag.start()
    setActive((item.data.current as { card: BoardCard }).card)
  }
  const onDragEnd = ({ active: item, over }: DragEndEvent) => {
    boardDrag.end()
    setActive(null)
    const card = (item.data.current as { card: BoardCard }).card
    const target = over ? stages.get(String(over.id)) : undefined
    if (!target || target.id === card.stageId) return
    if (target.type === 'lost') {
      const loss = {
        dealId: card.id,
        dealTitle: card.title,
        stageId: target.id,
        stageName: target.name,
      }
      // For 50 ms after a drop dnd-kit stops every click at the document (meaning to swallow the
      // drop's own), so a dialog opened at once would lose a quick first click, its Cancel too.
      // It opens after dnd-kit lets go: timers of equal delay run in the order they were set.
      window.setTimeout(() => setPendingLoss(loss), dropClickGuardMs)
      return
    }
    move.mutate({ dealId: card.id, toStageId: target.id })
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerOrCardCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          boardDrag.end()
          setActive(null)
        }}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="board-frame">
          <div className="board-columns" ref={scroller}>
            {ordered.map(({ column, stage, stickyRight }) => (
              <BoardColumnView
                key={column.stageId}
                stage={stage}
                column={column}
                stickyRight={stickyRight}
                onOpen={(id) => void navigate(`/deals/${id}`)}
              />
            ))}
          </div>
          <StagesOutOfView board={board} scroller={scroller} />
        </div>
        <DragOverlay dropAnimation={null}>
          {active && (
            <div className="deal-card is-overlay">
              <DealCardBody card={active} stageType={stages.get(active.stageId)?.type ?? 'open'} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
      <LostReasonDialog
        pending={pendingLoss}
        onCancel={() => setPendingLoss(null)}
        onConfirm={(lostReasonId) => {
          if (pendingLoss) {
            move.mutate({
              dealId: pendingLoss.dealId,
              toStageId: pendingLoss.stageId,
              lostReasonId,
            })
          }
          setPendingLoss(null)
        }}
      />
    </>
  )
}
