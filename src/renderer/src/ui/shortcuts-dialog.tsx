import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Dialog } from './dialog'
import { shortcutGroups, type ShortcutKeys } from './hotkeys'

/** The keys of a shortcut in words: `g then b`, `Space`. */
function keysText(t: TFunction<'ui'>, keys: ShortcutKeys): string {
  if (typeof keys === 'string') return keys
  if ('named' in keys) return t(`shortcuts.keys.${keys.named}`)
  return t(`shortcuts.keys.${keys.join}`, { first: keys.first, second: keys.second })
}

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ui')
  return (
    <Dialog open={open} title={t('shortcuts.title')} onClose={onClose} size="wide">
      <div className="shortcut-groups">
        {shortcutGroups.map((group) => (
          <section key={group.title}>
            <h3>{t(group.title)}</h3>
            <dl className="shortcut-list">
              {group.keys.map(([keys, action]) => (
                <div key={action}>
                  <dt>
                    <kbd>{keysText(t, keys)}</kbd>
                  </dt>
                  <dd>{t(action)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
