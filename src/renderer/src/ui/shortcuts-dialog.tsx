import { Dialog } from './dialog'
import { shortcutGroups } from './hotkeys'

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose} size="wide">
      <div className="shortcut-groups">
        {shortcutGroups.map((group) => (
          <section key={group.title}>
            <h3>{group.title}</h3>
            <dl className="shortcut-list">
              {group.keys.map(([keys, action]) => (
                <div key={keys + action}>
                  <dt>
                    <kbd>{keys}</kbd>
                  </dt>
                  <dd>{action}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  )
}
