import { useTranslation } from 'react-i18next'
import { useHotkeys } from './hotkeys'

/** The Edit and Delete buttons of a deal's or person's page; E edits, as the shortcuts list says. */
export function RecordActions({ onEdit, onDelete }: { onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('common')
  useHotkeys({ e: onEdit })
  return (
    <div className="page-actions">
      <button type="button" className="button" onClick={onEdit} aria-keyshortcuts="e">
        {t('edit')}
      </button>
      <button type="button" className="button button-danger-quiet" onClick={onDelete}>
        {t('delete')}
      </button>
    </div>
  )
}
