import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../api/types'
import { currentMe, setMe } from '../api/client'
import { users } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { ConfirmDialog } from '../ui/dialog'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { QuietInput } from '../ui/quiet-input'
import { InlineForm } from '../ui/inline-form'
import { useCan, useWorkspace } from '../session/workspace'
import { MembersSection, MyPassword } from './members-settings'
import { ServerOwned } from '../sync/server-owned'

const affected = [keys.users, keys.people, keys.boards]

/** /settings/users: the people who own people and deals. */
export function UsersSettings() {
  const { t } = useTranslation(['settings', 'common'])
  const list = useUsers()
  const managesUsers = useCan('users.manage')
  const { account } = useWorkspace()
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">{t('users.heading')}</h2>
      <p className="section-intro">{t('users.intro')}</p>
      <QueryView query={list} loading={t('users.loading')} empty={t('users.empty')}>
        {(data) => (
          <>
            <ServerOwned>
              <ul className="edit-list">
                {data.map((user) =>
                  managesUsers ? (
                    <UserRow key={user.id} user={user} />
                  ) : (
                    <li key={user.id} className="edit-row">
                      {user.name} {user.email && <small>{user.email}</small>}
                    </li>
                  ),
                )}
              </ul>
            </ServerOwned>
            {/* A signed-in account is its membership's user; only the computer's owner says. */}
            {!account && <WhoAmI users={data} />}
          </>
        )}
      </QueryView>
      {managesUsers && (
        <ServerOwned quiet>
          <AddUser />
        </ServerOwned>
      )}
      <MyPassword />
      {managesUsers && <MembersSection />}
    </section>
  )
}

function AddUser() {
  const { t } = useTranslation(['settings', 'common'])
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const create = useSettingsMutation(users.create, {
    invalidates: affected,
    done: (user) => t('users.added', { name: user.name }),
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
    <InlineForm
      title={t('users.add')}
      onSubmit={submit}
      submit={{ label: t('common:add'), disabled: create.isPending || !name.trim() }}
    >
      <QuietInput
        id="new-user-name"
        label={t('common:name')}
        placeholder={t('common:name')}
        value={name}
        onValue={setName}
      />
      <QuietInput
        id="new-user-email"
        label={t('common:email')}
        type="email"
        placeholder={t('users.emailOptional')}
        value={email}
        onValue={setEmail}
      />
    </InlineForm>
  )
}

function UserRow({ user }: { user: User }) {
  const { t } = useTranslation(['settings', 'common'])
  const [name, setName] = useState(user.name)
  const [email, setEmail] = useState(user.email ?? '')
  const [deleting, setDeleting] = useState(false)
  const update = useSettingsMutation(
    (input: { name?: string; email?: string | null }) => users.update(user.id, input),
    { invalidates: affected, done: t('users.saved') },
  )
  const remove = useSettingsMutation(() => users.remove(user.id), {
    invalidates: affected,
    done: t('users.deleted', { name: user.name }),
  })
  const save = () => {
    const changes: { name?: string; email?: string | null } = {}
    if (name.trim() && name.trim() !== user.name) changes.name = name.trim()
    if (email.trim() !== (user.email ?? '')) changes.email = email.trim() || null
    // Refused (an e-mail another user has), the fields go back to what is saved, so they never
    // show a change that did not happen; the message says why.
    const revert = () => {
      setName(user.name)
      setEmail(user.email ?? '')
    }
    if (Object.keys(changes).length > 0) update.mutate(changes, { onError: revert })
  }
  return (
    <li className="edit-row">
      <QuietInput
        id={`user-name-${user.id}`}
        label={t('common:name')}
        value={name}
        onValue={setName}
        onBlur={save}
      />
      <QuietInput
        id={`user-email-${user.id}`}
        label={t('users.emailOf', { name: user.name })}
        type="email"
        value={email}
        placeholder={t('users.noEmail')}
        onValue={setEmail}
        onBlur={save}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t('users.delete', { name: user.name })}
        onClick={() => setDeleting(true)}
      >
        ×
      </button>
      <ConfirmDialog
        open={deleting}
        title={t('users.deleteTitle', { name: user.name })}
        message={t('users.deleteMessage')}
        confirmLabel={t('users.deleteConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </li>
  )
}

/**
 * Who works in this browser: the changes made here are then told as theirs in every timeline
 * ("by Ana Lima" rather than "in the app"). Kept in this browser, per workspace.
 */
function WhoAmI({ users: list }: { users: User[] }) {
  const { t } = useTranslation('settings')
  const [me, choose] = useState(currentMe() ?? '')
  return (
    <p className="inline-row">
      <label htmlFor="who-am-i">{t('users.me')}</label>
      <select
        id="who-am-i"
        value={me}
        onChange={(event) => {
          setMe(event.target.value || null)
          choose(event.target.value)
        }}
      >
        <option value="">{t('users.meUnknown')}</option>
        {list.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </select>
    </p>
  )
}
