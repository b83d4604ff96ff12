import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { roles, type Role } from '../../../shared/permissions'
import { errorMessage } from '../api/client'
import { members, session } from '../api/endpoints'
import { keys } from '../api/keys'
import type { components } from '../api/generated/app-v1'
import { useCan, useWorkspace } from '../session/workspace'
import { ConfirmDialog } from '../ui/dialog'
import { SecretDialog } from '../ui/secret-dialog'
import { QueryView } from '../ui/states'
import { useToast } from '../ui/toast'
import { useSettingsMutation } from './use-settings-mutation'

type Member = components['schemas']['Member']
const affected = [keys.members, keys.users]

/**
 * Settings → Users → Members: the accounts that sign in to this workspace and their roles.
 * Owners and admins invite by e-mail, change roles and remove; only owners see the owner role.
 */
export function MembersSection() {
  const { t } = useTranslation('settings')
  const list = useQuery({ queryKey: keys.members, queryFn: members.list })
  const makesOwners = useCan('owners.manage')
  const offered = roles.filter((role) => makesOwners || role !== 'owner')
  // Only the computer's owner makes sign-in links (server.manage); others are told who can.
  const makesLinks = useCan('server.manage')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('member')
  const invite = useSettingsMutation(members.invite, {
    invalidates: affected,
    done: (member) => t('members.invited', { email: member.email }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) return
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') })
  }
  return (
    <section aria-labelledby="members-heading" className="members">
      <h3 id="members-heading">{t('members.heading')}</h3>
      <p className="section-intro">{t('members.intro')}</p>
      <QueryView query={list} loading={t('members.loading')} empty={t('members.empty')}>
        {(data) => (
          <ul className="edit-list">
            {data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                offered={offered}
                makesLinks={makesLinks}
              />
            ))}
          </ul>
        )}
      </QueryView>
      <form className="inline-row" onSubmit={submit} aria-label={t('members.invite')}>
        <label htmlFor="invite-email">{t('members.email')}</label>
        <input
          id="invite-email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor="invite-role">{t('members.role')}</label>
        <select
          id="invite-role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {offered.map((option) => (
            <option key={option} value={option}>
              {t(`members.roles.${option}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          {t('members.invite')}
        </button>
      </form>
      <p className="field-hint invite-hint">
        <Trans
          t={t}
          i18nKey={makesLinks ? 'members.firstSignInLink' : 'members.firstSignIn'}
          components={{ code: <code /> }}
        />
      </p>
    </section>
  )
}

function MemberRow({
  member,
  offered,
  makesLinks,
}: {
  member: Member
  offered: readonly Role[]
  makesLinks: boolean
}) {
  const { t } = useTranslation('settings')
  const [removing, setRemoving] = useState(false)
  const [link, setLink] = useState<string | null>(null)
  const makeLink = useSettingsMutation(() => members.signInLink(member.id), { invalidates: [] })
  const update = useSettingsMutation((role: Role) => members.update(member.id, { role }), {
    invalidates: affected,
    done: t('members.saved'),
  })
  const remove = useSettingsMutation(() => members.remove(member.id), {
    invalidates: affected,
    done: t('members.removed', { email: member.email }),
  })
  const choices = offered.includes(member.role) ? offered : [member.role]
  return (
    <li className="edit-row">
      <span>
        {member.name} <small>{member.email}</small>
      </span>
      <label className="visually-hidden" htmlFor={`role-${member.id}`}>
        {t('members.roleOf', { email: member.email })}
      </label>
      <select
        id={`role-${member.id}`}
        value={member.role}
        disabled={!offered.includes(member.role)}
        onChange={(event) => update.mutate(event.target.value as Role)}
      >
        {choices.map((option) => (
          <option key={option} value={option}>
            {t(`members.roles.${option}`)}
          </option>
        ))}
      </select>
      {makesLinks && (
        <button
          type="button"
          className="button"
          disabled={makeLink.isPending}
          onClick={() => makeLink.mutate(undefined, { onSuccess: (made) => setLink(made.url) })}
        >
          {t('members.signInLink')}
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('members.remove', { email: member.email })}
        onClick={() => setRemoving(true)}
      >
        ×
      </button>
      <ConfirmDialog
        open={removing}
        title={t('members.removeTitle', { email: member.email })}
        message={t('members.removeMessage')}
        confirmLabel={t('members.removeConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setRemoving(false) })}
        onClose={() => setRemoving(false)}
      />
      <SecretDialog
        title={t('members.signInLinkTitle', { email: member.email })}
        secret={link}
        wide
        onClose={() => setLink(null)}
      >
        <p>{t('members.signInLinkText', { email: member.email })}</p>
      </SecretDialog>
    </li>
  )
}

/** The signed-in account sets its own password (the current one first, once it has one). */
export function MyPassword() {
  const { t } = useTranslation('settings')
  const { account } = useWorkspace()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  if (!account) return null
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await session.setPassword(password, account.hasPassword ? current : undefined)
      setPassword('')
      setCurrent('')
      toast(t('members.passwordSet'), { tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: keys.session })
    } catch (error) {
      toast(errorMessage(error), { tone: 'error' })
    }
  }
  return (
    <form className="inline-row my-password" onSubmit={(event) => void submit(event)}>
      {account.hasPassword && (
        <>
          <label htmlFor="current-password">{t('members.currentPassword')}</label>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </>
      )}
      <label htmlFor="my-password">{t('members.myPassword', { email: account.email })}</label>
      <input
        id="my-password"
        type="password"
        autoComplete="new-password"
        minLength={10}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button">
        {t('members.setPassword')}
      </button>
    </form>
  )
}
