import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { ConfirmDialog, Dialog } from '../ui/dialog'
import { useRemoveWork } from './use-work-edits'

/**
 * An activity's or a note's own buttons where it is listed: any `extra` (Pin), Edit (its form in
 * a dialog, from `editForm`) and Delete (after asking). `name` tells them apart to screen readers.
 */
export function WorkItemActions({
  kind,
  id,
  name,
  editForm,
  extra,
}: {
  kind: 'activity' | 'note'
  id: string
  name: string
  editForm(close: () => void): ReactNode
  extra?: ReactNode
}) {
  const { t } = useTranslation(['work', 'common'])
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const remove = useRemoveWork(kind)
  const canWrite = useCan('records.write')
  const close = () => setEditing(false)
  // A read-only member reads the item; its buttons (Pin, Edit, Delete) would all be refused.
  if (!canWrite) return null
  return (
    <div className="work-item-actions">
      {extra}
      <button
        type="button"
        className="link-button"
        aria-label={t('work:actions.edit', { name })}
        onClick={() => setEditing(true)}
      >
        {t('common:edit')}
      </button>
      <button
        type="button"
        className="link-button"
        aria-label={t('work:actions.delete', { name })}
        onClick={() => setDeleting(true)}
      >
        {t('common:delete')}
      </button>
      <Dialog open={editing} title={t(`work:actions.${kind}EditTitle`)} onClose={close}>
        {editing && editForm(close)}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title={t(`work:actions.${kind}DeleteTitle`)}
        message={t(`work:actions.${kind}DeleteMessage`, { name })}
        confirmLabel={t('common:delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(id, { onSuccess: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </div>
  )
}
