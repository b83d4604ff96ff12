import { useEffect, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { Board } from '../api/types'

// A column this close to an edge counts as shown; a scroll leaves this much room beside it.
const slack = 24
const gap = 12

/** The open columns past either edge of what shows, and the visible area's right edge. */
function measure(scroller: HTMLElement) {
  const box = scroller.getBoundingClientRect()
  const columns = [...scroller.querySelectorAll<HTMLElement>('.board-column.stage-open')]
  // Won and lost columns hold the right edge (sticky): open ones beneath them are out of view.
  const pinned = scroller.querySelector<HTMLElement>('.board-column:not(.stage-open)')
  const right = pinned ? pinned.getBoundingClientRect().left : box.right
  const after = columns.find((column) => column.getBoundingClientRect().left > right - slack)
  const before = columns.findLast(
    (column) => column.getBoundingClientRect().right < box.left + slack,
  )
  return {
    right: Math.round(box.right - right),
    after: after && {
      id: after.dataset.stageId!,
      by: after.getBoundingClientRect().right - right + gap,
    },
    before: before && {
      id: before.dataset.stageId!,
      by: before.getBoundingClientRect().left - box.left - gap,
    },
  }
}

/**
 * A button at each edge of the open stages when some lie beyond it, naming the nearest one: at
 * 1440 px the pinned Won and Lost columns cover the fourth stage, and a scroll bar is not always
 * drawn (macOS, touch pads), so nothing else says it is there.
 */
export function StagesOutOfView({
  board,
  scroller,
}: {
  board: Board
  scroller: RefObject<HTMLDivElement | null>
}) {
  const { t } = useTranslation('board')
  const [seen, setSeen] = useState({ right: 0, before: '', after: '' })
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    // Scrolling measures at every frame; the buttons change only when what they say does.
    const update = () => {
      const { right, before, after } = measure(element)
      const next = { right, before: before?.id ?? '', after: after?.id ?? '' }
      setSeen((last) => (JSON.stringify(last) === JSON.stringify(next) ? last : next))
    }
    update()
    const resized = new ResizeObserver(update)
    resized.observe(element)
    element.addEventListener('scroll', update, { passive: true })
    return () => {
      resized.disconnect()
      element.removeEventListener('scroll', update)
    }
  }, [scroller, board])
  const scrollTo = (side: 'before' | 'after') => {
    const element = scroller.current
    const by = element && measure(element)[side]?.by
    if (by) element.scrollBy({ left: by, behavior: 'smooth' })
  }
  return (['before', 'after'] as const).map((side) => {
    const stage = board.pipeline.stages.find((item) => item.id === seen[side])
    if (!stage) return null
    const count = board.columns.find((column) => column.stageId === stage.id)?.count ?? 0
    return (
      <button
        key={side}
        type="button"
        className={`stages-out-of-view ${side}`}
        style={side === 'after' ? { right: seen.right } : undefined}
        title={t('column.scrollTo', { stage: stage.name })}
        onClick={() => scrollTo(side)}
      >
        {stage.name} <span className="column-count">{count}</span>
      </button>
    )
  })
}
