import { useId, useState } from 'react'
import type { User } from '../api/types'

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
