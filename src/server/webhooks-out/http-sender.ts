import { performance } from 'node:perf_hooks'

/**
 * How long one attempt may take, from connecting to the last byte of the answer read: a slow
 * endpoint costs its own subscription this much per attempt, never the others.
 */
export const attemptTimeoutMs = 15_000
/** How much of a response body the delivery log keeps. */
export const responseExcerptBytes = 2_048

const userAgent = 'Outpost-Webhooks/1'

export interface WebhookRequest {
  url: string
  body: string
  /** The signature headers. */
  headers: Record<string, string>
  timeoutMs?: number
}

export interface SendResult {
  /** A 2xx answer. Redirects are not followed: a 3xx is a failure like any other status. */
  succeeded: boolean
  /** Null when no HTTP answer came (timeout, refused connection...). */
  responseStatus: number | null
  responseExcerpt: string | null
  /** Why no answer came: timeout, connection_refused, host_not_found, tls_error... */
  error: string | null
  retryAfter: string | null
  durationMs: number
}

const networkErrors: Record<string, string> = {
  ECONNREFUSED: 'connection_refused',
  ECONNRESET: 'connection_reset',
  ENOTFOUND: 'host_not_found',
  EAI_AGAIN: 'host_not_found',
  EHOSTUNREACH: 'host_unreachable',
  ENETUNREACH: 'network_unreachable',
  UND_ERR_SOCKET: 'connection_reset',
}

function errorCode(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'timeout'
  }
  const cause = (error as { cause?: { code?: unknown; name?: unknown } } | null)?.cause
  if (cause?.name === 'TimeoutError') return 'timeout'
  const code = typeof cause?.code === 'string' ? cause.code : ''
  if (code.startsWith('ERR_TLS') || /CERT|SSL/.test(code)) return 'tls_error'
  return networkErrors[code] ?? 'network_error'
}

interface Excerpt {
  text: string | null
  /** `timeout` when the time ran out before the body's end (or the excerpt's size) arrived. */
  error: 'timeout' | null
}

/** Reads at most `responseExcerptBytes` of the body, then lets the rest go. */
async function readExcerpt(response: Response): Promise<Excerpt> {
  if (!response.body) return { text: null, error: null }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let error: Excerpt['error'] = null
  try {
    while (size < responseExcerptBytes) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } catch (cause) {
    // The body broke off (the answer stands) or the time ran out (the attempt failed).
    if (errorCode(cause) === 'timeout') error = 'timeout'
  } finally {
    void reader.cancel().catch(() => undefined)
  }
  if (size === 0) return { text: null, error }
  const bytes = Buffer.concat(chunks).subarray(0, responseExcerptBytes)
  return { text: new TextDecoder('utf-8').decode(bytes), error }
}

// The webhook-id of each request this process is sending now. A test event is recorded nowhere,
// so only this tells the loop guard (loop-guard.ts) that a test sent to this Outpost is its own.
const sending = new Set<string>()

/** Whether this process is sending, at this moment, a webhook with this webhook-id. */
export const isBeingSent = (webhookId: string): boolean => sending.has(webhookId)

/** POSTs one signed webhook and reports what happened. Never throws for network trouble. */
export async function sendWebhook(request: WebhookRequest): Promise<SendResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const webhookId = request.headers['webhook-id']
  if (webhookId) sending.add(webhookId)
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': userAgent,
        ...request.headers,
      },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs ?? attemptTimeoutMs),
    })
    const excerpt = await readExcerpt(response)
    return {
      // An answer whose body stalls past the time limit is a failed attempt, whatever its status.
      succeeded: response.status >= 200 && response.status < 300 && excerpt.error === null,
      responseStatus: response.status,
      responseExcerpt: excerpt.text,
      error: excerpt.error,
      retryAfter: response.headers.get('retry-after'),
      durationMs: elapsed(),
    }
  } catch (error) {
    return {
      succeeded: false,
      responseStatus: null,
      responseExcerpt: null,
      error: errorCode(error),
      retryAfter: null,
      durationMs: elapsed(),
    }
  } finally {
    if (webhookId) sending.delete(webhookId)
  }
}
