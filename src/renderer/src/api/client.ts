import type { ApiErrorBody } from '../../../shared/api-types'

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

export function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(currentWorkspace ? { [workspaceHeader]: currentWorkspace } : {}),
    ...extra,
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

async function toError(response: Response): Promise<ApiRequestError> {
  const text = await response.text()
  try {
    const { error } = JSON.parse(text) as ApiErrorBody
    return new ApiRequestError(response.status, error.code, error.message, error.details)
  } catch {
    return new ApiRequestError(response.status, 'http_error', `${response.status} ${text}`.trim())
  }
}

/** Calls the API with the session cookie and the chosen workspace; throws ApiRequestError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: requestHeaders(hasBody ? { 'Content-Type': 'application/json' } : {}),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, 'network', 'Cannot reach the Outpost server. Is it running?')
  }
  if (response.status === 401) onSignedOut()
  if (!response.ok) throw await toError(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** `?a=1&b=2` from the defined, non-empty entries of `params`. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** The message to show a person for any error thrown by a request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message
  if (error instanceof Error) return error.message
  return 'Something went wrong'
}
