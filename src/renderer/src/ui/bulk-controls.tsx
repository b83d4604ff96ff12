import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../api/types'
import { ConfirmDialog } from './dialog'

/** "Assign to…": picking an owner (or none) acts at once on what is selected. */
export function AssignSelect({
  users,
  onAssign,
}: {
  users: readonly User[] | undefined
  onAssign(ownerId: string | null): void
}) {
  const { t } = useTranslation('ui')
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('bulk.assignTo')}
      </label>
      <select
        id={id}
        value=""
        onChange={(event) =>
          event.target.value && onAssign(event.target.value === 'none' ? null : event.target.value)
        }
      >
        <option value="">{t('bulk.assignToChoose')}</option>
        <option value="none">{t('bulk.noOwner')}</option>
        {users?.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </select>
    </>
  )
}

/** A tag to add to what is selected. */
export function TagForm({ onTag }: { onTag(tag: string): void }) {
  const { t } = useTranslation('ui')
  const id = useId()
  const [tag, setTag] = useState('')
  return (
    <form
      className="inline-tag"
      onSubmit={(event) => {
        event.preventDefault()
        if (tag.trim()) onTag(tag.trim())
        setTag('')
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('bulk.tagToAdd')}
      </label>
      <input
        id={id}
        placeholder={t('bulk.tagPlaceholder')}
        value={tag}
        onChange={(event) => setTag(event.target.value)}
      />
      <button type="submit" className="button" disabled={!tag.trim()}>
        {t('bulk.addTag')}
      </button>
    </form>
  )
}

/**
 * Delete for the selected records, asking first; `what` names them ("3 deals"). `onConfirm` gets
 * the dialog's close, to call once the deletion has settled.
 */
export function BulkDelete(props: {
  what: string
  kind: string
  message: string
  busy: boolean
  onConfirm(close: () => void): void
}) {
  const { t } = useTranslation(['ui', 'common'])
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="button button-danger-quiet" onClick={() => setOpen(true)}>
        {t('common:delete')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('bulk.deleteTitle', { what: props.what })}
        message={props.message}
        confirmLabel={t('bulk.deleteConfirm', { kind: props.kind })}
        danger
        busy={props.busy}
        onConfirm={() => props.onConfirm(close)}
        onClose={close}
      />
    </>
  )
}
