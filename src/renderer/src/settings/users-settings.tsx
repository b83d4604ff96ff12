import { useState } from 'react'
import type { User } from '../api/types'
import { users } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { ConfirmDialog } from '../ui/dialog'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { QuietInput } from '../ui/quiet-input'
import { InlineForm } from '../ui/inline-form'

const affected = [keys.users, keys.people, keys.boards]

/** /settings/users: the people who own people and deals. */
export function UsersSettings() {
  const list = useUsers()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const create = useSettingsMutation(users.create, {
    invalidates: affected,
    done: (user) => `${user.name} added`,
  })
  const submit = () => {
    if (!name.trim()) return
    create.mutate(
      { name: name.trim(), email: email.trim() || null },
      {
        onSuccess: () => {
          setName('')
          setEmail('')
        },
      },
    )
  }
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <p className="section-intro">
        The owners people and deals can be assigned to. Deleting a user leaves what they owned
        without an owner.
      </p>
      <QueryView query={list} loading="Loading users" empty="No users yet">
        {(data) => (
          <ul className="edit-list">
            {data.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
      </QueryView>
      <InlineForm
        title="Add a user"
        onSubmit={submit}
        submit={{ label: 'Add', disabled: create.isPending || !name.trim() }}
      >
        <QuietInput
          id="new-user-name"
          label="Name"
          placeholder="Name"
          value={name}
          onValue={setName}
        />
        <QuietInput
          id="new-user-email"
          label="E-mail"
          type="email"
          placeholder="E-mail (optional)"
          value={email}
          onValue={setEmail}
        />
      </InlineForm>
    </section>
  )
}

function UserRow({ user }: { user: User }) {
  const [name, setName] = useState(user.name)
  const [email, setEmail] = useState(user.email ?? '')
  const [deleting, setDeleting] = useState(false)
  const update = useSettingsMutation(
    (input: { name?: string; email?: string | null }) => users.update(user.id, input),
    { invalidates: affected, done: 'User saved' },
  )
  const remove = useSettingsMutation(() => users.remove(user.id), {
    invalidates: affected,
    done: `${user.name} deleted`,
  })
  const save = () => {
    const changes: { name?: string; email?: string | null } = {}
    if (name.trim() && name.trim() !== user.name) changes.name = name.trim()
    if (email.trim() !== (user.email ?? '')) changes.email = email.trim() || null
    if (Object.keys(changes).length > 0) update.mutate(changes)
  }
  return (
    <li className="edit-row">
      <QuietInput
        id={`user-name-${user.id}`}
        label="Name"
        value={name}
        onValue={setName}
        onBlur={save}
      />
      <QuietInput
        id={`user-email-${user.id}`}
        label={`E-mail of ${user.name}`}
        type="email"
        value={email}
        placeholder="No e-mail"
        onValue={setEmail}
        onBlur={save}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={`Delete ${user.name}`}
        onClick={() => setDeleting(true)}
      >
        ×
      </button>
      <ConfirmDialog
        open={deleting}
        title={`Delete ${user.name}?`}
        message="The people and deals they own stay, with no owner."
        confirmLabel="Delete user"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </li>
  )
}
