import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core'
import { i18next } from '../i18n/i18n'

/**
 * What a screen reader hears as an item is dragged, in the interface's language (dnd-kit's own
 * words are English): `item` names what is carried, `target` where it is over.
 */
export function dragWords(
  item: (id: UniqueIdentifier) => string,
  target: (id: UniqueIdentifier) => string,
) {
  const t = i18next.getFixedT(null, 'ui')
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('drag.instructions') }
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.pickedUp', { item: item(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('drag.over', { item: item(active.id), target: target(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('drag.dropped', { item: item(active.id), target: target(over.id) })
        : t('drag.putBack', { item: item(active.id) }),
    onDragCancel: ({ active }) => t('drag.putBack', { item: item(active.id) }),
  }
  return { screenReaderInstructions, announcements }
}
