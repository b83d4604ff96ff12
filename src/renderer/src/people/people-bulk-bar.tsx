import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { ConfirmDialog } from '../ui/dialog'
import { useToast } from '../ui/toast'

/** What can be done to the selected people at once: assign, tag, delete (all or none). */
export function PeopleBulkBar({ ids, onDone }: { ids: string[]; onDone(): void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const users = useUsers()
  const [tag, setTag] = useState('')
  const [deleting, setDeleting] = useState(false)
  const bulk = useMutation({
    mutationFn: people.bulk,
    onSuccess: ({ done }) => {
      onDone()
      void queryClient.invalidateQueries({ queryKey: keys.people })
      toast(`${done} ${done === 1 ? 'person' : 'people'} changed`, { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  if (ids.length === 0) return null
  return (
    <div className="bulk-bar" role="region" aria-label="Bulk actions">
      <span>{ids.length} selected</span>
      <label htmlFor="people-bulk-owner" className="visually-hidden">
        Assign to
      </label>
      <select
        id="people-bulk-owner"
        value=""
        onChange={(event) =>
          event.target.value &&
          bulk.mutate({
            action: 'assign',
            ids,
            ownerId: event.target.value === 'none' ? null : event.target.value,
          })
        }
      >
        <option value="">Assign to…</option>
        <option value="none">No owner</option>
        {users.data?.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </select>
      <form
        className="inline-tag"
        onSubmit={(event) => {
          event.preventDefault()
          if (tag.trim()) bulk.mutate({ action: 'tag', ids, tag: tag.trim() })
          setTag('')
        }}
      >
        <label htmlFor="people-bulk-tag" className="visually-hidden">
          Tag to add
        </label>
        <input
          id="people-bulk-tag"
          placeholder="Tag"
          value={tag}
          onChange={(event) => setTag(event.target.value)}
        />
        <button type="submit" className="button" disabled={!tag.trim()}>
          Add tag
        </button>
      </form>
      <button
        type="button"
        className="button button-danger-quiet"
        onClick={() => setDeleting(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={deleting}
        title={`Delete ${ids.length} ${ids.length === 1 ? 'person' : 'people'}?`}
        message="They will be removed for good; their deals stay, without a person."
        confirmLabel="Delete people"
        danger
        busy={bulk.isPending}
        onConfirm={() =>
          bulk.mutate({ action: 'delete', ids }, { onSettled: () => setDeleting(false) })
        }
        onClose={() => setDeleting(false)}
      />
    </div>
  )
}
