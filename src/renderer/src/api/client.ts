import createClient, { type Middleware } from 'openapi-fetch'
import type { paths as AppPaths } from './generated/app-v1'
import type { paths as RestPaths } from './generated/rest-v1'
import { i18next } from '../i18n/i18n'
import type { ApiErrorBody } from './types'

/** An error answer of the API, with the field at fault when the server named one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorBody['error']['details'] = undefined,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }

  get field(): string | undefined {
    return this.details?.field
  }
}

/** Header naming the workspace a session request acts on (see docs/ui.md). */
export const workspaceHeader = 'X-Outpost-Workspace'

let currentWorkspace: string | null = null
let onSignedOut: () => void = () => {}

/** Every later request acts on this workspace. */
export function setWorkspaceId(id: string | null): void {
  currentWorkspace = id
}

export function currentWorkspaceId(): string | null {
  return currentWorkspace
}

/** Called when the server says the session is over, so the app can show the sign-in page. */
export function whenSignedOut(callback: () => void): void {
  onSignedOut = callback
}

/** Header naming the user who works in this browser, so the app's changes are told as theirs. */
export const userHeader = 'X-Outpost-User'

const meKey = (workspaceId: string) => `outpost.me.${workspaceId}`

/** The user of the current workspace who said "This is me" in this browser, if one did. */
export function currentMe(): string | null {
  return currentWorkspace ? localStorage.getItem(meKey(currentWorkspace)) : null
}

/** Says who works in this browser in the current workspace (null: nobody said). */
export function setMe(userId: string | null): void {
  if (!currentWorkspace) return
  if (userId) localStorage.setItem(meKey(currentWorkspace), userId)
  else localStorage.removeItem(meKey(currentWorkspace))
}

export function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const me = currentMe()
  return {
    Accept: 'application/json',
    ...(currentWorkspace ? { [workspaceHeader]: currentWorkspace } : {}),
    ...(me ? { [userHeader]: me } : {}),
    ...extra,
  }
}

// The API's two documents, each a client typed by the paths generated from it: a wrong path, query
// or body is a type error here rather than a 400 at run time.
const signedIn: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders())) request.headers.set(name, value)
    return request
  },
  onResponse({ response }) {
    if (response.status === 401) onSignedOut()
  },
}
export const restApi = createClient<RestPaths>({ baseUrl: '/api/v1', credentials: 'same-origin' })
export const appApi = createClient<AppPaths>({ baseUrl: '/api/app/v1', credentials: 'same-origin' })
restApi.use(signedIn)
appApi.use(signedIn)

function errorOf(status: number, body: unknown): ApiRequestError {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error
  if (error?.code) return new ApiRequestError(status, error.code, error.message, error.details)
  const text = typeof body === 'string' ? body : ''
  return new ApiRequestError(status, 'http_error', `${status} ${text}`.trim())
}

function unreachable(error: unknown): never {
  if (error instanceof DOMException && error.name === 'AbortError') throw error
  throw new ApiRequestError(0, 'network', i18next.t('common:unreachable'))
}

/** The data of a `restApi`/`appApi` call; throws ApiRequestError for an error answer. */
export async function answer<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call.catch(unreachable)
  if (!response.ok) throw errorOf(response.status, error)
  return data as T
}

/** A request to the session routes, which are the UI's own and in no OpenAPI document. */
export async function sessionRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
  path = method === 'POST' ? '/api/session/desktop' : '/api/session',
) {
  const hasBody = body !== undefined
  const response = await fetch(path, {
    method,
    headers: requestHeaders(hasBody ? { 'Content-Type': 'application/json' } : {}),
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  }).catch(unreachable)
  // A wrong password is a 401 too, but the sign-in form says so itself: nothing was signed out.
  const signingIn = method === 'POST' && path === '/api/session/password'
  if (response.status === 401 && !signingIn) onSignedOut()
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: errorOf reads the text
  }
  if (!response.ok) throw errorOf(response.status, parsed)
  return parsed as T
}

/**
 * What to tell the user of a failed request. The server words its errors in English, precisely
 * (the e-mail that is taken, the stage at fault): English readers get that; others get the
 * error's code worded in their language, naming the field.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    // Codes the catalogue words; the others keep the server's sentence.
    if (i18next.language === 'en') return error.message
    // What deals still use: a lost reason stays while they do; the rest can be emptied first.
    if (error.code === 'in_use') {
      const { dealCount, resource } = error.details ?? {}
      const context = typeof resource === 'string' ? resource : undefined
      return String(i18next.t('common:errors.in_use', { count: Number(dealCount), context }))
    }
    const key = `common:errors.${error.code}` as 'common:errors.internal'
    if (!i18next.exists(key)) return error.message
    const field = error.field
    if (!field) {
      const unnamed = `${key}_unnamed` as 'common:errors.internal'
      return String(i18next.t(i18next.exists(unnamed) ? unnamed : key, { field: '' }))
    }
    const name = `common:fieldNames.${field}` as 'common:fieldNames.name'
    return String(i18next.t(key, { field: i18next.exists(name) ? i18next.t(name) : field }))
  }
  if (error instanceof Error) return error.message
  return i18next.t('common:somethingWentWrong')
}
