// A replica's calls to its team server's /api/sync/v1, over fetch. A network failure is told apart
// from an answer: the first means offline, the second says what to do.
import { newestMigration } from '../db/migrations'
import type { PullAnswer, PushAnswer, PushBody, SnapshotAnswer } from './schema'

/** What went wrong with syncing, in words for the user (the status and the CLI show them). */
export class SyncError extends Error {}

/** The server answered with an error: its status, code and message. */
export class ServerRefusal extends SyncError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** Disconnecting would lose changes made here that have not reached the team server. */
export class ChangesWaiting extends SyncError {
  constructor(readonly waiting: number) {
    super(
      `${waiting} change${waiting === 1 ? '' : 's'} made here ${waiting === 1 ? 'has' : 'have'} ` +
        'not reached the team server: sync first, or disconnect discarding them',
    )
  }
}

/** The server could not be reached (no network, server down, connection cut). */
export class Unreachable extends SyncError {}

export interface SyncServer {
  snapshot(): Promise<SnapshotAnswer>
  push(body: Omit<PushBody, 'schemaVersion'>): Promise<PushAnswer>
  pull(clientId: string, after: string, limit?: number): Promise<PullAnswer>
}

/**
 * A request to the team server at `baseUrl` (with or without a trailing slash), as the replica
 * of `token` (or with none: signing in).
 */
const askServer = (baseUrl: string, token: string | null, path: string, init: RequestInit) =>
  fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  })

/**
 * The team server's event stream (`GET /api/v1/events/stream`, the SSE any client may read), open
 * until `signal` aborts it: server-events.ts listens to it for others' changes.
 */
export const openEventStream = (baseUrl: string, token: string, signal: AbortSignal) =>
  askServer(baseUrl, token, '/api/v1/events/stream', {
    headers: { accept: 'text/event-stream' },
    signal,
  })

/**
 * One call of the protocol (`/api/sync/v1/...`), as the token's replica (or with none: signing
 * in). An answer that is an error is a ServerRefusal; no answer at all, Unreachable.
 */
async function call<T>(
  baseUrl: string,
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const send = () =>
    askServer(baseUrl, token, `/api/sync/v1${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(60_000),
    })
  let response: Response
  try {
    response = await send()
  } catch {
    // Once more, on a new connection: a kept-alive one the server closed while idle fails the
    // first request sent on it. Every call of the protocol may be repeated (pushes are settled
    // once by their numbers), so a POST is retried as safely as a GET.
    try {
      response = await send()
    } catch (error) {
      throw new Unreachable(`The team server at ${baseUrl} cannot be reached`, { cause: error })
    }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    // An answer cut off on the way is no answer.
    throw new Unreachable(`The team server's answer was cut off`, { cause: error })
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; details?: object } }).error
    throw new ServerRefusal(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? `The team server answered ${response.status}`,
      (error?.details ?? {}) as Record<string, unknown>,
    )
  }
  return body as T
}

/** What a replica signs in with on the team server (its user's account), and for which workspace. */
export interface DeviceSignIn {
  email: string
  password: string
  workspaceId?: string
  device: string
}

interface WorkspaceToken {
  token: string
  workspace: { id: string; name: string }
}

/**
 * Signs in with an account of the team server: an API token, made by it, of the workspace chosen,
 * or of each of its workspaces when none is.
 */
export async function signInToServer(
  baseUrl: string,
  signIn: DeviceSignIn,
): Promise<WorkspaceToken[]> {
  const signInWith = <T>(body: object) =>
    call<T>(baseUrl, null, '/sign-in', { method: 'POST', body: JSON.stringify(body) })
  if (signIn.workspaceId !== undefined) return [await signInWith<WorkspaceToken>(signIn)]
  const all = await signInWith<{ workspaces: WorkspaceToken[] }>({ ...signIn, allWorkspaces: true })
  return all.workspaces
}

export function syncServer(baseUrl: string, token: string): SyncServer {
  const version = `schemaVersion=${encodeURIComponent(newestMigration)}`
  return {
    snapshot: () => call(baseUrl, token, `/snapshot?${version}`),
    push: (body) =>
      call(baseUrl, token, '/push', {
        method: 'POST',
        body: JSON.stringify({ ...body, schemaVersion: newestMigration }),
      }),
    pull: (clientId, after, limit = 1000) =>
      call(
        baseUrl,
        token,
        `/pull?${version}&clientId=${clientId}&after=${encodeURIComponent(after)}&limit=${limit}`,
      ),
  }
}
