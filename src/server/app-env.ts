import type { KeyStore } from './sealing/key-store'
import type { Clock } from './clock'
import type { Db } from './db/connection'
import type { TokenScope } from './db/database'
import type { Permission } from '../shared/permissions'
import type { RateLimiter } from './http/rate-limit'
import type { Logger } from './logger'
import type { TunnelManager } from './tunnel/manager'
import type { LoginGate } from './sessions/login-gate'

/** Who is behind a request, as the audit log names them. */
export interface Principal {
  /** A signed-in account, a token, or the machine's owner (desktop window, plain login link). */
  kind: 'account' | 'token' | 'owner'
  id: string | null
  name: string
}

/** Who is calling: set by the auth middleware on every authenticated request. */
export interface AuthContext {
  tenantId: string
  tokenId: string
  scope: TokenScope
  /** What this caller may do in this workspace (see src/shared/permissions.ts). */
  permissions: readonly Permission[]
  /** The account whose rights bound this request (its session, or its token's maker); null: none. */
  accountId: string | null
  principal: Principal
}

export interface AppEnv {
  Variables: {
    auth: AuthContext
    /** The database, for this caller: what it writes is recorded as theirs (events/actor.ts). */
    db: Db
  }
}

/**
 * What the routes behind the auth middleware are built from: the database they use is the
 * request's (`c.get('db')`), which knows its caller, so they are not given the app's.
 */
export type RouteDeps = Omit<AppDeps, 'db'>

/** What the HTTP app is built from; tests pass their own database and clock. */
export interface AppDeps {
  db: Db
  clock: Clock
  logger: Logger
  rateLimiter: RateLimiter
  /** Built renderer (index.html and assets) to serve at `/`; absent in API-only tests. */
  uiDir?: string
  /** Host names accepted besides the loopback names (see http/host-check.ts). */
  allowedHosts?: string[]
  /** Aborted when the server starts to close: long-lived responses (event streams) end on it. */
  shutdown?: AbortSignal
  /** This launch's ways into a UI session; without it nobody can sign in to the UI. */
  loginGate?: LoginGate
  /** What prints a new login link for this data folder, as the signed-out pages say it. */
  loginLinkCommand?: string
  /** The optional tunnel to the inbound webhooks; absent in tests that do not need it. */
  tunnel?: TunnelManager
  /** The data folder (its backups live in it); absent for an app built without one. */
  dataDir?: string
  /**
   * The database is a PostgreSQL server's, not the data folder's file: its backups are pg_dump's,
   * and the backups API says so (docs/team-server.md).
   */
  externalDatabase?: boolean
  /** Where the key that seals credentials is kept (sealing/key-store.ts). */
  keyStore?: KeyStore
}
