import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiToken } from '../../src/server/auth/service'
import { systemClock, type Clock } from '../../src/server/clock'
import type { Db } from '../../src/server/db/connection'
import type { EventPruner } from '../../src/server/events/retention'
import { consoleLogger, silentLogger } from '../../src/server/logger'
import { startServer, type RunningServer } from '../../src/server/server'
import type { DeliveryWorker } from '../../src/server/webhooks-out/worker'
import { ensureDefaultWorkspace } from '../../src/server/workspace-store'
import { createWorkspace } from '../../src/server/workspaces/service'
import { freshTestDatabase, onPostgres, rememberDatabaseOf } from './postgres'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  /** The raw body text, for responses that are not JSON. */
  text: string
}

export interface Caller {
  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>
  get<T = any>(path: string): Promise<ApiResponse<T>>
  post<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>
  patch<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>
  put<T = any>(path: string, body?: unknown): Promise<ApiResponse<T>>
  delete<T = any>(path: string): Promise<ApiResponse<T>>
}

export interface TestServer {
  url: string
  /** The one-time UI login link of this launch. */
  loginUrl: string
  dataDir: string
  /** The server's PostgreSQL database (OUTPOST_TEST_DATABASE=postgres); undefined on SQLite. */
  databaseUrl?: string
  db: Db
  tenantId: string
  /** Admin token of the default workspace: reaches /api/v1 and /api/app/v1. */
  admin: Caller
  /** api-scoped token of the default workspace: reaches /api/v1 only. */
  api: Caller
  adminToken: string
  apiToken: string
  /** A caller with any token (or none). */
  as(token: string | null): Caller
  /** Creates another workspace and an admin caller for it. */
  otherWorkspace(name: string): Promise<{ tenantId: string; admin: Caller; token: string }>
  /** The outbound webhook worker: `await server.deliveries.runDue()` makes due attempts now. */
  deliveries: DeliveryWorker
  /** `await server.eventPruner.runNow()` prunes events past their retention window now. */
  eventPruner: EventPruner
  /** `await server.reminders.runNow()` fires the reminders due by the test clock now. */
  reminders: RunningServer['reminders']
  /** `await server.webhookAlerts.runNow()` answers the outbound webhook alerts not told yet. */
  webhookAlerts: RunningServer['webhookAlerts']
  close(): Promise<void>
}

/**
 * `OUTPOST_TEST_UPGRADE_FROM=<migration>` (or `previous`, the newest fixture) starts every test
 * server on a database an earlier schema version made (test/fixtures/schemas), with its records,
 * so the contract suite runs against an upgraded file: `npm run test:upgrade`.
 */
function startFromFixture(dataDir: string, version: string): void {
  const folder = join('test', 'fixtures', 'schemas')
  const name =
    version === 'previous'
      ? readdirSync(folder)
          .filter((file) => file.endsWith('.sqlite'))
          .sort()
          .at(-1)!
      : `${version}.sqlite`
  const file = join(dataDir, 'outpost.sqlite')
  copyFileSync(join(folder, name), file)
  const db = new BetterSqlite3(file)
  db.prepare(`update workspaces set created_at = '2999-01-01T00:00:00.000Z'`).run()
  db.close()
}

export function caller(baseUrl: string, token: string | null): Caller {
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const init: RequestInit = {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }
    const response = await fetch(baseUrl + path, init)
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: the caller reads `text`
    }
    return { status: response.status, headers: response.headers, body: parsed, text } as ApiResponse
  }
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    patch: (path, body) => request('PATCH', path, body ?? {}),
    put: (path, body) => request('PUT', path, body),
    delete: (path) => request('DELETE', path),
  }
}

/**
 * The real server on 127.0.0.1 (a free port) over its own SQLite file in a fresh temporary
 * folder, with an admin and an api token for its default workspace. With
 * OUTPOST_TEST_DATABASE=postgres, over a fresh PostgreSQL database of its own instead.
 */
export async function startTestServer(
  options: { clock?: Clock; uiDir?: string } = {},
): Promise<TestServer> {
  const clock = options.clock ?? systemClock
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-test-'))
  const upgradeFrom = process.env.OUTPOST_TEST_UPGRADE_FROM
  if (upgradeFrom) startFromFixture(dataDir, upgradeFrom)
  const database = onPostgres() ? await freshTestDatabase() : null
  rememberDatabaseOf(dataDir, database?.url)
  const server = await startServer({
    dataDir,
    databaseUrl: database?.url,
    port: 0,
    clock,
    // OUTPOST_TEST_LOG=1 shows what the server logs (the cause of a 500, say).
    logger: process.env.OUTPOST_TEST_LOG ? consoleLogger : silentLogger,
    uiDir: options.uiDir,
  })
  // On an upgraded file the fixture's workspace is there already, dated last: the tests get a
  // default workspace of their own, as on a fresh folder.
  const workspace = upgradeFrom
    ? await createWorkspace(server.db, 'My workspace', clock.now())
    : await ensureDefaultWorkspace(server.db, clock.now())
  const adminToken = (
    await createApiToken(
      server.db,
      workspace.id,
      { name: 'test admin', scope: 'admin' },
      clock.now(),
    )
  ).token
  const apiToken = (
    await createApiToken(server.db, workspace.id, { name: 'test api', scope: 'api' }, clock.now())
  ).token
  return {
    url: server.url,
    loginUrl: server.loginUrl,
    dataDir,
    databaseUrl: database?.url,
    db: server.db,
    tenantId: workspace.id,
    admin: caller(server.url, adminToken),
    api: caller(server.url, apiToken),
    adminToken,
    apiToken,
    as: (token) => caller(server.url, token),
    otherWorkspace: async (name) => {
      const other = await createWorkspace(server.db, name, clock.now())
      const token = await createApiToken(
        server.db,
        other.id,
        { name: 'other', scope: 'admin' },
        clock.now(),
      )
      return { tenantId: other.id, admin: caller(server.url, token.token), token: token.token }
    },
    deliveries: server.deliveries,
    eventPruner: server.eventPruner,
    reminders: server.reminders,
    webhookAlerts: server.webhookAlerts,
    close: async () => {
      await server.close()
      await database?.drop()
      rememberDatabaseOf(dataDir, undefined)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
