import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Tunnel, TunnelUpdate } from '../api/types'
import type { TunnelProviderName } from '../../../shared/tunnel'
import { tunnel } from '../api/integrations'
import { integrationKeys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { SecretBox } from '../ui/secret-dialog'

const providerLabels = {
  localtunnel: 'tunnel.providers.localtunnel',
  ngrok: 'tunnel.providers.ngrok',
  cloudflared: 'tunnel.providers.cloudflared',
} as const satisfies Record<TunnelProviderName, string>

// Why a provider cannot be chosen, in the screen's language (the server's reason is English).
const unavailableLabels = {
  localtunnel: 'tunnel.unavailable.localtunnel',
  ngrok: 'tunnel.unavailable.ngrok',
  cloudflared: 'tunnel.unavailable.cloudflared',
} as const satisfies Record<TunnelProviderName, string>

// While the tunnel is on its way up (or back), its state changes without anyone acting here.
const changingStates = new Set<Tunnel['status']>(['connecting', 'reconnecting'])

function TunnelStatus({ state }: { state: Tunnel }) {
  const { t } = useTranslation('settings')
  switch (state.status) {
    case 'off':
      return <p>{t('tunnel.status.off')}</p>
    case 'connecting':
      return <p>{t('tunnel.status.connecting', { provider: state.provider })}</p>
    case 'connected':
      return (
        <>
          <p>
            <span className="stage-badge badge-won">{t('tunnel.status.connected')}</span>{' '}
            {t('tunnel.status.reachable')}
          </p>
          <SecretBox value={state.publicUrl ?? ''} testId="tunnel-url" />
        </>
      )
    case 'reconnecting':
      return (
        <>
          <p>
            <span className="stage-badge badge-lost">{t('tunnel.status.notConnected')}</span>{' '}
            <span data-testid="tunnel-error">{state.lastError}</span>
          </p>
          <p className="field-hint">
            {state.nextAttemptAt
              ? t('tunnel.status.retryingAt', { at: formatDateTime(state.nextAttemptAt) })
              : t('tunnel.status.retrying')}
          </p>
        </>
      )
  }
}

/** /settings/tunnel: the optional tunnel that puts the inbound webhooks, and only them, online. */
export function TunnelSettings() {
  const { t } = useTranslation('settings')
  const query = useQuery({
    queryKey: integrationKeys.tunnel,
    queryFn: tunnel.get,
    refetchInterval: (current) =>
      current.state.data && changingStates.has(current.state.data.status) ? 2_000 : false,
  })
  return (
    <section aria-labelledby="tunnel-heading">
      <h2 id="tunnel-heading">{t('tunnel.heading')}</h2>
      <p className="section-intro">{t('tunnel.intro')}</p>
      {query.isPending && <Skeleton lines={4} label={t('tunnel.loading')} />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <>
          <div role="status" aria-live="polite">
            <TunnelStatus state={query.data} />
          </div>
          {/* Keyed on the saved settings: the form starts over when they change, and polls of
              the live state leave what is being typed alone. */}
          <TunnelForm
            key={[query.data.provider, query.data.localtunnelHost, query.data.subdomain].join('|')}
            state={query.data}
          />
        </>
      )}
    </section>
  )
}

function TunnelForm({ state }: { state: Tunnel }) {
  const { t } = useTranslation('settings')
  const save = useSettingsMutation(tunnel.update, {
    invalidates: [integrationKeys.tunnel],
    // A tunnel that could not connect is not a success: its reason shows in the status above.
    done: (next) =>
      next.status === 'connected'
        ? t('tunnel.toast.connected')
        : next.status === 'reconnecting'
          ? ''
          : next.enabled
            ? t('tunnel.toast.starting')
            : t('tunnel.toast.saved'),
  })
  const [provider, setProvider] = useState<TunnelProviderName>(state.provider)
  const [localtunnelHost, setLocaltunnelHost] = useState(state.localtunnelHost ?? '')
  const [subdomain, setSubdomain] = useState(state.subdomain ?? '')
  const [ngrokAuthtoken, setNgrokAuthtoken] = useState('')

  const fields = (): TunnelUpdate => ({
    provider,
    localtunnelHost: localtunnelHost.trim() || null,
    subdomain: subdomain.trim() || null,
    ...(ngrokAuthtoken.trim() ? { ngrokAuthtoken: ngrokAuthtoken.trim() } : {}),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(fields(), { onSuccess: () => setNgrokAuthtoken('') })
  }
  const toggle = () =>
    save.mutate(
      { ...fields(), enabled: !state.enabled },
      { onSuccess: () => setNgrokAuthtoken('') },
    )

  return (
    <form className="inline-form" onSubmit={submit}>
      <fieldset>
        <legend>{t('tunnel.provider')}</legend>
        {state.providers.map((option) => (
          <label key={option.name} className="choice">
            <input
              type="radio"
              name="tunnel-provider"
              value={option.name}
              checked={provider === option.name}
              onChange={() => setProvider(option.name)}
            />
            <span>
              {t(providerLabels[option.name])}
              {!option.available && (
                <span className="field-hint"> ({t(unavailableLabels[option.name])})</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {provider === 'localtunnel' && (
        <>
          <label htmlFor="tunnel-host">{t('tunnel.host')}</label>
          <input
            id="tunnel-host"
            type="url"
            placeholder="https://localtunnel.me"
            value={localtunnelHost}
            onChange={(event) => setLocaltunnelHost(event.target.value)}
          />
          <label htmlFor="tunnel-subdomain">{t('tunnel.subdomain')}</label>
          <input
            id="tunnel-subdomain"
            placeholder="acme-crm"
            value={subdomain}
            onChange={(event) => setSubdomain(event.target.value)}
          />
        </>
      )}
      {provider === 'ngrok' && (
        <>
          <label htmlFor="ngrok-token">{t('tunnel.ngrokToken')}</label>
          <input
            id="ngrok-token"
            type="password"
            autoComplete="off"
            placeholder={state.ngrokAuthtokenSet ? t('tunnel.ngrokStored') : ''}
            value={ngrokAuthtoken}
            onChange={(event) => setNgrokAuthtoken(event.target.value)}
          />
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t('tunnel.save')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={toggle}
        >
          {state.enabled
            ? t('tunnel.turnOff')
            : save.isPending
              ? t('tunnel.connecting')
              : t('tunnel.turnOn')}
        </button>
      </div>
    </form>
  )
}
