import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import { TunnelUnavailableError, type TunnelManager, type TunnelTarget } from './manager'
import { tunnelProviders } from './providers'
import {
  tunnelProviderNames,
  type TunnelOptions,
  type TunnelProviderName,
} from './providers/provider'
import { seal, unseal } from '../sealing/sealed-text'
import * as settings from './repository'
import type { Tunnel, UpdateTunnelInput } from './schema'

export interface TunnelSettings {
  enabled: boolean
  provider: TunnelProviderName
  localtunnelHost: string | null
  subdomain: string | null
  ngrokAuthtoken: string | null
}

export async function readTunnelSettings(db: Db): Promise<TunnelSettings> {
  const row = await settings.findTunnelSettings(db)
  return {
    enabled: row?.enabled === 1,
    provider: row?.provider ?? 'localtunnel',
    localtunnelHost: row?.localtunnelHost ?? null,
    subdomain: row?.subdomain ?? null,
    // Sealed at rest; one that no longer opens (its key lost) is as good as none.
    ngrokAuthtoken: row?.ngrokAuthtoken ? unseal(row.ngrokAuthtoken) : null,
  }
}

/** The provider options of stored settings; NGROK_AUTHTOKEN fills in a token not stored. */
export function tunnelOptions(
  stored: TunnelSettings,
  env: NodeJS.ProcessEnv = process.env,
): TunnelOptions {
  return {
    localtunnelHost: stored.localtunnelHost ?? undefined,
    subdomain: stored.subdomain ?? undefined,
    ngrokAuthtoken: stored.ngrokAuthtoken ?? env.NGROK_AUTHTOKEN ?? undefined,
  }
}

/** The tunnel as the API shows it: settings (never the ngrok token) and live state. */
export async function describeTunnel(db: Db, manager: TunnelManager): Promise<Tunnel> {
  const stored = await readTunnelSettings(db)
  const options = tunnelOptions(stored)
  const { ngrokAuthtoken, ...visible } = stored
  const providers = await Promise.all(
    tunnelProviderNames.map(async (name) => {
      const reason = await tunnelProviders[name].unavailableReason(options)
      return { name, available: reason === null, reason }
    }),
  )
  const live = manager.state()
  return {
    ...visible,
    ngrokAuthtokenSet: ngrokAuthtoken !== null,
    status: live.status,
    publicUrl: live.publicUrl,
    lastError: live.lastError,
    failures: live.failures,
    nextAttemptAt: live.nextAttemptAt,
    providers,
  }
}

/** Saves the settings, then brings the tunnel up or down to match them. */
export async function configureTunnel(
  db: Db,
  manager: TunnelManager,
  input: UpdateTunnelInput,
  now: Date,
): Promise<Tunnel> {
  const before = await readTunnelSettings(db)
  const next: TunnelSettings = {
    enabled: input.enabled ?? before.enabled,
    provider: input.provider ?? before.provider,
    localtunnelHost:
      input.localtunnelHost === undefined ? before.localtunnelHost : input.localtunnelHost,
    subdomain: input.subdomain === undefined ? before.subdomain : input.subdomain,
    ngrokAuthtoken:
      input.ngrokAuthtoken === undefined ? before.ngrokAuthtoken : input.ngrokAuthtoken,
  }
  if (next.enabled) {
    try {
      await manager.start({ provider: next.provider, options: tunnelOptions(next) })
    } catch (error) {
      if (!(error instanceof TunnelUnavailableError)) throw error
      throw new ApiError('tunnel_unavailable', error.message, { field: 'provider' })
    }
  } else {
    await manager.stop()
  }
  await settings.saveTunnelSettings(db, {
    enabled: next.enabled ? 1 : 0,
    provider: next.provider,
    localtunnelHost: next.localtunnelHost,
    subdomain: next.subdomain,
    ngrokAuthtoken: next.ngrokAuthtoken === null ? null : await seal(db, next.ngrokAuthtoken),
    updatedAt: now.toISOString(),
  })
  return describeTunnel(db, manager)
}

/** At start-up: the run's own settings when given (`serve --tunnel`), else the saved ones if enabled. */
export async function resumeTunnel(
  db: Db,
  manager: TunnelManager,
  override?: TunnelTarget,
): Promise<void> {
  if (override) {
    await manager.start(override)
    return
  }
  const stored = await readTunnelSettings(db)
  if (stored.enabled)
    await manager.start({ provider: stored.provider, options: tunnelOptions(stored) })
}
