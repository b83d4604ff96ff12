import {
  KeyboardCode,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'

/**
 * Where a drop lands, for the board and the forecast: under the pointer for a mouse; a keyboard
 * drag has no pointer, so the column the card's box is in (pointerWithin alone found nothing, and
 * Space, arrows, Space moved no deal on the forecast).
 */
export const pointerOrCardCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args)
  return underPointer.length > 0 ? underPointer : rectIntersection(args)
}

// Below the column header, so the card lands among the column's cards.
const headerHeight = 72

/**
 * Left and right arrows carry a picked-up card to the previous or next column (stage), whose
 * droppables are the columns; up and down do nothing, since a column's order is the server's.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, droppableContainers, over } = context
  const step =
    event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : undefined
  if (event.code === KeyboardCode.Up || event.code === KeyboardCode.Down) event.preventDefault()
  if (!step || !active || !collisionRect) return undefined
  event.preventDefault()
  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id)
      return rect ? [{ id: container.id, rect }] : []
    })
    .sort((a, b) => a.rect.left - b.rect.left)
  const currentId = over?.id ?? (active.data.current as { stageId?: string } | undefined)?.stageId
  const index = columns.findIndex((column) => column.id === currentId)
  const target = columns[index + step]
  if (!target) return undefined
  const { rect } = target
  return {
    x: rect.left + (rect.width - collisionRect.width) / 2,
    y: Math.max(
      rect.top + headerHeight,
      Math.min(collisionRect.top, rect.bottom - collisionRect.height),
    ),
  }
}
