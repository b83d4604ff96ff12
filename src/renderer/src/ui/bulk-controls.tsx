import { useId, useState } from 'react'
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
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Assign to
      </label>
      <select
        id={id}
        value=""
        onChange={(event) =>
          event.target.value && onAssign(event.target.value === 'none' ? null : event.target.value)
        }
      >
        <option value="">Assign to…</option>
        <option value="none">No owner</option>
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
        Tag to add
      </label>
      <input
        id={id}
        placeholder="Tag"
        value={tag}
        onChange={(event) => setTag(event.target.value)}
      />
      <button type="submit" className="button" disabled={!tag.trim()}>
        Add tag
      </button>
    </form>
  )
}

/** Asks before the selected records are deleted for good; `what` names them ("3 deals"). */
export function BulkDeleteDialog(props: {
  open: boolean
  what: string
  kind: string
  message: string
  busy: boolean
  onConfirm(): void
  onClose(): void
}) {
  return (
    <ConfirmDialog
      open={props.open}
      title={`Delete ${props.what}?`}
      message={props.message}
      confirmLabel={`Delete ${props.kind}`}
      danger
      busy={props.busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  )
}
