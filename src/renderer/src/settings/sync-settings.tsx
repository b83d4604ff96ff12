import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SyncLink } from '../api/types'
import { ApiRequestError } from '../api/client'
import { syncLink } from '../api/integrations'
import { integrationKeys, keys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { useSyncLink } from '../sync/use-sync-link'
import { ConfirmDialog } from '../ui/dialog'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

function LinkState({ link }: { link: SyncLink }) {
  const { t } = useTranslation('settings')
  const tone =
    link.state === 'synced' ? 'badge-won' : link.state === 'syncing' ? 'badge-open' : 'badge-lost'
  return (
    <dl className="facts" data-testid="sync-link">
      <dt>{t('sync.server')}</dt>
      <dd>{link.serverUrl}</dd>
      <dt>{t('sync.stateLabel')}</dt>
      <dd>
        <span className={`stage-badge ${tone}`}>
          {t(`sync.state.${link.state}`, { count: link.waiting })}
        </span>
        {link.error && <span data-testid="sync-error"> {link.error}</span>}
      </dd>
      <dt>{t('sync.lastSynced')}</dt>
      <dd>{link.lastSyncedAt ? formatDateTime(link.lastSyncedAt) : t('sync.never')}</dd>
    </dl>
  )
}

type Choice = { id: string; name: string; role: string }

/** The workspaces a 422 offers when the account signing in has several, or none. */
function workspaceChoices(error: unknown): Choice[] {
  if (!(error instanceof ApiRequestError) || error.field !== 'workspaceId') return []
  const offered = (error.details as { workspaces?: unknown } | undefined)?.workspaces
  return Array.isArray(offered) ? (offered as Choice[]) : []
}

/**
 * Connecting: signing in with the account the user has on the team server (the server makes this
 * computer a token within that account's role), or, for a scripted setup, one of its API tokens.
 */
function ConnectForm() {
  const { t } = useTranslation('settings')
  const [serverUrl, setServerUrl] = useState('')
  const [withToken, setWithToken] = useState(false)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [workspaceId, setWorkspaceId] = useState('')
  const [token, setToken] = useState('')
  const connect = useSettingsMutation(syncLink.connect, {
    // The session lists the workspaces: the replicated one joins them.
    invalidates: [integrationKeys.syncLink, keys.session],
    done: t('sync.toast.connected'),
  })
  const choices = workspaceChoices(connect.error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const url = serverUrl.trim()
    if (withToken) connect.mutate({ serverUrl: url, token: token.trim() })
    else {
      const chosen = choices.some((choice) => choice.id === workspaceId) ? workspaceId : undefined
      connect.mutate({ serverUrl: url, email: email.trim(), password, workspaceId: chosen })
    }
  }
  return (
    <form className="inline-form" onSubmit={submit}>
      <label>
        {t('sync.serverUrl')}
        <input
          type="url"
          required
          value={serverUrl}
          placeholder="https://crm.example.com"
          onChange={(event) => setServerUrl(event.target.value)}
        />
      </label>
      <fieldset className="sync-method">
        <legend>{t('sync.method')}</legend>
        <label>
          <input type="radio" checked={!withToken} onChange={() => setWithToken(false)} />
          {t('sync.withAccount')}
        </label>
        <label>
          <input type="radio" checked={withToken} onChange={() => setWithToken(true)} />
          {t('sync.withToken')}
        </label>
      </fieldset>
      {withToken ? (
        <label>
          {t('sync.token')}
          <input
            type="password"
            required
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
          <span className="field-hint">{t('sync.tokenHint')}</span>
        </label>
      ) : (
        <>
          <label>
            {t('sync.email')}
            <input
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label>
            {t('sync.password')}
            <input
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <span className="field-hint">{t('sync.accountHint')}</span>
          </label>
          {choices.length > 0 && (
            <label>
              {t('sync.workspace')}
              <select
                required
                value={workspaceId}
                onChange={(event) => setWorkspaceId(event.target.value)}
              >
                <option value="">{t('sync.chooseWorkspace')}</option>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      <button type="submit" className="primary" disabled={connect.isPending}>
        {connect.isPending ? t('sync.connecting') : t('sync.connect')}
      </button>
    </form>
  )
}

/**
 * Stops being a replica, once asked: the workspace stays on this computer as its own. With changes
 * still waiting, the question says they would be lost, and confirming loses them.
 */
function Disconnect({ link }: { link: SyncLink }) {
  const { t } = useTranslation('settings')
  const [asking, setAsking] = useState(false)
  const disconnect = useSettingsMutation(syncLink.disconnect, {
    invalidates: [integrationKeys.syncLink, keys.session],
    done: t('sync.toast.disconnected'),
  })
  return (
    <>
      <button type="button" className="button" onClick={() => setAsking(true)}>
        {t('sync.disconnect')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('sync.disconnectTitle')}
        message={
          link.waiting > 0
            ? t('sync.disconnectLoses', { count: link.waiting })
            : t('sync.disconnectKeeps')
        }
        confirmLabel={t('sync.disconnect')}
        danger={link.waiting > 0}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate(link.waiting > 0, { onSettled: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      />
    </>
  )
}

/** /settings/sync: make this Outpost a replica of a team server's workspace, and see how it goes. */
export function SyncSettings() {
  const { t } = useTranslation('settings')
  const query = useSyncLink()
  return (
    <section aria-labelledby="sync-heading">
      <h2 id="sync-heading">{t('sync.heading')}</h2>
      <p className="section-intro">{t('sync.intro')}</p>
      {query.isPending && <Skeleton lines={3} label={t('sync.loading')} />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.data &&
        (query.data.state === 'not-connected' ? (
          <ConnectForm />
        ) : (
          <>
            <div role="status" aria-live="polite">
              <LinkState link={query.data} />
            </div>
            <Disconnect link={query.data} />
          </>
        ))}
    </section>
  )
}
