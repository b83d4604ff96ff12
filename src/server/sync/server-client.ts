// A replica's calls to its team server's /api/sync/v1, over fetch. A network failure is told apart
// from an answer: the first means offline, the second says what to do.
import { newestMigration } from '../db/migrations'
import type { PullAnswer, PushAnswer, PushBody } from './schema'
import { saveSnapshot, type SnapshotFile } from './snapshot-file'
import { ServerRefusal, Unreachable } from './sync-errors'

export interface SyncServer {
  snapshot(): Promise<SnapshotFile>
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
 * Sends a request of the protocol (`/api/sync/v1/...`), as the token's replica (or with none:
 * signing in); no answer at all is Unreachable.
 */
async function request(
  baseUrl: string,
  token: string | null,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const send = () => askServer(baseUrl, token, `/api/sync/v1${path}`, init)
  try {
    return await send()
  } catch {
    // Once more, on a new connection: a kept-alive one the server closed while idle fails the
    // first request sent on it. Every call of the protocol may be repeated (pushes are settled
    // once by their numbers), so a POST is retried as safely as a GET.
    try {
      return await send()
    } catch (error) {
      throw new Unreachable(`The team server at ${baseUrl} cannot be reached`, { cause: error })
    }
  }
}

/** An answer that is an error, as the ServerRefusal it says. */
function refusal(status: number, body: unknown): ServerRefusal {
  const error = (body as { error?: { code?: string; message?: string; details?: object } }).error
  return new ServerRefusal(
    status,
    error?.code ?? 'unknown',
    error?.message ?? `The team server answered ${status}`,
    (error?.details ?? {}) as Record<string, unknown>,
  )
}

/** The JSON of an answer; one cut off on the way is no answer. */
async function answerOf(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch (error) {
    throw new Unreachable(`The team server's answer was cut off`, { cause: error })
  }
}

/** One call of the protocol. An answer that is an error is a ServerRefusal. */
async function call<T>(
  baseUrl: string,
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await request(baseUrl, token, path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    signal: AbortSignal.timeout(60_000),
  })
  const body = await answerOf(response)
  if (!response.ok) throw refusal(response.status, body)
  return body as T
}

/** Revokes the token on the team server: the link it served has ended (a 204, or a refusal). */
export async function giveBackToken(baseUrl: string, token: string): Promise<void> {
  const response = await request(baseUrl, token, '/token', {
    method: 'DELETE',
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw refusal(response.status, await answerOf(response))
}

/**
 * The snapshot, as NDJSON, into a file of its own (snapshot-file.ts): read as it arrives, so its
 * size is bounded by the disk, not memory, and given up only when the server sends nothing for a
 * minute, not after a minute in all.
 */
async function fetchSnapshot(baseUrl: string, token: string, path: string) {
  const stalled = new AbortController()
  const response = await request(baseUrl, token, path, {
    headers: { accept: 'application/x-ndjson' },
    signal: stalled.signal,
  })
  if (!response.ok) throw refusal(response.status, await answerOf(response))
  return saveSnapshot(response, stalled, 60_000)
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

/** The team server's protocol, as a replica of `schemaVersion` (this build's, unless a test says). */
export function syncServer(
  baseUrl: string,
  token: string,
  schemaVersion = newestMigration,
): SyncServer {
  const version = `schemaVersion=${encodeURIComponent(schemaVersion)}`
  return {
    snapshot: () => fetchSnapshot(baseUrl, token, `/snapshot?${version}`),
    push: (body) =>
      call(baseUrl, token, '/push', {
        method: 'POST',
        body: JSON.stringify({ ...body, schemaVersion }),
      }),
    pull: (clientId, after, limit = 1000) =>
      call(
        baseUrl,
        token,
        `/pull?${version}&clientId=${clientId}&after=${encodeURIComponent(after)}&limit=${limit}`,
      ),
  }
}
