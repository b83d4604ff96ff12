import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SyncLink } from '../api/types'
import { syncLink } from '../api/integrations'
import { integrationKeys, keys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { useSyncLink } from '../sync/use-sync-link'
import { ConfirmDialog } from '../ui/dialog'
import { Field } from '../ui/field'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

type SyncedWorkspace = SyncLink['workspaces'][number]

function StateBadge({ state, waiting }: { state: SyncLink['state']; waiting: number }) {
  const { t } = useTranslation('settings')
  const tone = state === 'synced' ? 'badge-won' : state === 'syncing' ? 'badge-open' : 'badge-lost'
  return (
    <span className={`stage-badge ${tone}`}>{t(`sync.state.${state}`, { count: waiting })}</span>
  )
}

function LinkState({ link }: { link: SyncLink }) {
  const { t } = useTranslation('settings')
  return (
    <dl className="facts" data-testid="sync-link">
      <dt>{t('sync.server')}</dt>
      <dd>{link.serverUrl}</dd>
      <dt>{t('sync.stateLabel')}</dt>
      <dd>
        <StateBadge state={link.state} waiting={link.waiting} />
      </dd>
    </dl>
  )
}

/** Each workspace replicated here, with how it syncs, and a way to stop syncing it alone. */
function WorkspaceLinks({ link }: { link: SyncLink }) {
  const { t } = useTranslation('settings')
  return (
    <table className="data-table sync-workspaces" data-testid="sync-workspaces">
      <caption>{t('sync.workspaces')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('sync.workspace')}</th>
          <th scope="col">{t('sync.stateLabel')}</th>
          <th scope="col">{t('sync.lastSynced')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('sync.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {link.workspaces.map((workspace) => (
          <tr key={workspace.workspaceId}>
            <th scope="row">{workspace.name}</th>
            <td>
              <StateBadge state={workspace.state} waiting={workspace.waiting} />
              {workspace.error && <span data-testid="sync-error"> {workspace.error}</span>}
            </td>
            <td>
              {workspace.lastSyncedAt ? formatDateTime(workspace.lastSyncedAt) : t('sync.never')}
            </td>
            <td>{link.workspaces.length > 1 && <Disconnect link={link} only={workspace} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * Connecting: signing in with the account the user has on the team server (the server makes this
 * computer a token of each of the account's workspaces, within its role there), or, for a
 * scripted setup, one of its API tokens. On a replica already, the same with its server: it adds
 * the workspaces not replicated yet (one joined since).
 */
function ConnectForm({ server }: { server?: string }) {
  const { t } = useTranslation('settings')
  const [serverUrl, setServerUrl] = useState(server ?? '')
  const [withToken, setWithToken] = useState(false)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [token, setToken] = useState('')
  const connect = useSettingsMutation(syncLink.connect, {
    // The session lists the workspaces: the replicated one joins them.
    invalidates: [integrationKeys.syncLink, keys.session],
    done: t('sync.toast.connected'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const url = serverUrl.trim()
    if (withToken) connect.mutate({ serverUrl: url, token: token.trim() })
    else connect.mutate({ serverUrl: url, email: email.trim(), password })
  }
  return (
    <form className="inline-form sync-connect" onSubmit={submit}>
      <Field id="sync-server" label={t('sync.serverUrl')}>
        <input
          id="sync-server"
          type="text"
          inputMode="url"
          required
          readOnly={server !== undefined}
          value={serverUrl}
          placeholder="https://crm.example.com"
          onChange={(event) => setServerUrl(event.target.value)}
        />
      </Field>
      <fieldset className="plain-fieldset">
        <legend>{t('sync.method')}</legend>
        <div className="inline-row">
          <label className="choice">
            <input type="radio" checked={!withToken} onChange={() => setWithToken(false)} />{' '}
            {t('sync.withAccount')}
          </label>
          <label className="choice">
            <input type="radio" checked={withToken} onChange={() => setWithToken(true)} />{' '}
            {t('sync.withToken')}
          </label>
        </div>
      </fieldset>
      {withToken ? (
        <Field id="sync-token" label={t('sync.token')} hint={t('sync.tokenHint')}>
          <input
            id="sync-token"
            type="password"
            required
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        </Field>
      ) : (
        <>
          <Field id="sync-email" label={t('sync.email')}>
            <input
              id="sync-email"
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field id="sync-password" label={t('sync.password')} hint={t('sync.accountHint')}>
            <input
              id="sync-password"
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={connect.isPending}>
          {connect.isPending
            ? t('sync.connecting')
            : server === undefined
              ? t('sync.connect')
              : t('sync.addWorkspaces')}
        </button>
      </div>
    </form>
  )
}

/**
 * Stops being a replica (of one workspace, `only`, or all), once asked: the workspaces stay on
 * this computer as their own. With changes still waiting, the question says they would be lost,
 * and confirming loses them.
 */
function Disconnect({ link, only }: { link: SyncLink; only?: SyncedWorkspace }) {
  const { t } = useTranslation('settings')
  const [asking, setAsking] = useState(false)
  const disconnect = useSettingsMutation(syncLink.disconnect, {
    invalidates: [integrationKeys.syncLink, keys.session],
    done: t('sync.toast.disconnected'),
  })
  const waiting = only ? only.waiting : link.waiting
  const label = only ? t('sync.stopSyncing') : t('sync.disconnect')
  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={only ? t('sync.stopSyncingOne', { name: only.name }) : undefined}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={only ? t('sync.stopSyncingTitle', { name: only.name }) : t('sync.disconnectTitle')}
        message={
          waiting > 0 ? t('sync.disconnectLoses', { count: waiting }) : t('sync.disconnectKeeps')
        }
        confirmLabel={label}
        danger={waiting > 0}
        busy={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(
            { discardWaiting: waiting > 0, workspaceId: only?.workspaceId },
            { onSettled: () => setAsking(false) },
          )
        }
        onClose={() => setAsking(false)}
      />
    </>
  )
}

/** /settings/sync: make this Outpost a replica of a team server's workspaces, and see how it goes. */
export function SyncSettings() {
  const { t } = useTranslation('settings')
  const query = useSyncLink()
  const link = query.data
  return (
    <section aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t('sync.heading')}</h2>
      <p className="section-intro">{t('sync.intro')}</p>
      {query.isPending && <Skeleton lines={3} label={t('sync.loading')} />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {link &&
        (link.state === 'not-connected' ? (
          <ConnectForm />
        ) : (
          <>
            <div role="status" aria-live="polite">
              <LinkState link={link} />
              <WorkspaceLinks link={link} />
            </div>
            <Disconnect link={link} />
            <details className="sync-add">
              <summary>{t('sync.addWorkspaces')}</summary>
              <p className="field-hint">{t('sync.addHint')}</p>
              <ConnectForm server={link.serverUrl ?? undefined} />
            </details>
          </>
        ))}
    </section>
  )
}
