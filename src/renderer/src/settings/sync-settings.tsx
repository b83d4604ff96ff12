import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SyncLink } from '../api/types'
import { syncLink } from '../api/integrations'
import { integrationKeys, keys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { useSyncLink } from '../sync/use-sync-link'
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

function ConnectForm() {
  const { t } = useTranslation('settings')
  const [serverUrl, setServerUrl] = useState('')
  const [token, setToken] = useState('')
  const connect = useSettingsMutation(syncLink.connect, {
    // The session lists the workspaces: the replicated one joins them.
    invalidates: [integrationKeys.syncLink, keys.session],
    done: t('sync.toast.connected'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    connect.mutate({ serverUrl: serverUrl.trim(), token: token.trim() })
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
      <button type="submit" className="primary" disabled={connect.isPending}>
        {connect.isPending ? t('sync.connecting') : t('sync.connect')}
      </button>
    </form>
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
          <div role="status" aria-live="polite">
            <LinkState link={query.data} />
          </div>
        ))}
    </section>
  )
}
