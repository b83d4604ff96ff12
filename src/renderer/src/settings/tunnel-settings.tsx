import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Tunnel, TunnelUpdate } from '../api/types'
import type { TunnelProviderName } from '../../../shared/tunnel'
import { tunnel } from '../api/integrations'
import { integrationKeys } from '../api/keys'
import { formatDateTime } from '../format/dates'
import { ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { SecretBox } from '../ui/secret-dialog'

const providerLabels: Record<TunnelProviderName, string> = {
  localtunnel: 'localtunnel — free, no account; or a localtunnel server your team runs',
  ngrok: 'ngrok — with your ngrok account’s authtoken',
  cloudflared: 'Cloudflare quick tunnel — needs cloudflared installed',
}

// While the tunnel is on its way up (or back), its state changes without anyone acting here.
const changingStates = new Set<Tunnel['status']>(['connecting', 'reconnecting'])

function TunnelStatus({ state }: { state: Tunnel }) {
  switch (state.status) {
    case 'off':
      return <p>The tunnel is off: only this computer can reach Outpost.</p>
    case 'connecting':
      return <p>Connecting through {state.provider}…</p>
    case 'connected':
      return (
        <>
          <p>
            <span className="stage-badge badge-won">Connected</span> Inbound webhooks are reachable
            from the internet at:
          </p>
          <SecretBox value={state.publicUrl ?? ''} testId="tunnel-url" />
        </>
      )
    case 'reconnecting':
      return (
        <>
          <p>
            <span className="stage-badge badge-lost">Not connected</span>{' '}
            <span data-testid="tunnel-error">{state.lastError}</span>
          </p>
          <p className="field-hint">
            Outpost keeps trying in the background
            {state.nextAttemptAt && ` (next try at ${formatDateTime(state.nextAttemptAt)})`}. Turn
            the tunnel off to stop.
          </p>
        </>
      )
  }
}

/** /settings/tunnel: the optional tunnel that puts the inbound webhooks, and only them, online. */
export function TunnelSettings() {
  const query = useQuery({
    queryKey: integrationKeys.tunnel,
    queryFn: tunnel.get,
    refetchInterval: (current) =>
      current.state.data && changingStates.has(current.state.data.status) ? 2_000 : false,
  })
  return (
    <section aria-labelledby="tunnel-heading">
      <h2 id="tunnel-heading">Tunnel</h2>
      <p className="section-intro">
        Forms and services on the internet can only reach this computer through a tunnel. Outpost’s
        tunnel lets through the inbound webhooks and nothing else: the API, the settings and this
        window stay private to this computer.
      </p>
      {query.isPending && <Skeleton lines={4} label="Loading the tunnel" />}
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
  const save = useSettingsMutation(tunnel.update, {
    invalidates: [integrationKeys.tunnel],
    // A tunnel that could not connect is not a success: its reason shows in the status above.
    done: (next) =>
      next.status === 'connected'
        ? 'Tunnel connected'
        : next.status === 'reconnecting'
          ? ''
          : next.enabled
            ? 'Tunnel starting'
            : 'Tunnel settings saved',
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
        <legend>Provider</legend>
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
              {providerLabels[option.name]}
              {!option.available && <span className="field-hint"> ({option.reason})</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {provider === 'localtunnel' && (
        <>
          <label htmlFor="tunnel-host">Tunnel server (leave empty for localtunnel.me)</label>
          <input
            id="tunnel-host"
            type="url"
            placeholder="https://localtunnel.me"
            value={localtunnelHost}
            onChange={(event) => setLocaltunnelHost(event.target.value)}
          />
          <label htmlFor="tunnel-subdomain">
            Subdomain (keeps the same address across restarts)
          </label>
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
          <label htmlFor="ngrok-token">ngrok authtoken</label>
          <input
            id="ngrok-token"
            type="password"
            autoComplete="off"
            placeholder={state.ngrokAuthtokenSet ? 'Stored; type a new one to replace it' : ''}
            value={ngrokAuthtoken}
            onChange={(event) => setNgrokAuthtoken(event.target.value)}
          />
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          Save settings
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={toggle}
        >
          {state.enabled ? 'Turn tunnel off' : save.isPending ? 'Connecting…' : 'Turn tunnel on'}
        </button>
      </div>
    </form>
  )
}
