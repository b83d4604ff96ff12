import { performance } from 'node:perf_hooks'

/** How long one attempt may take, connection to last byte read. */
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

/** Reads at most `responseExcerptBytes` of the body, then lets the rest go. */
async function readExcerpt(response: Response): Promise<string | null> {
  if (!response.body) return null
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < responseExcerptBytes) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } catch {
    // The body broke off or the time ran out: keep what arrived.
  } finally {
    void reader.cancel().catch(() => undefined)
  }
  if (size === 0) return null
  const bytes = Buffer.concat(chunks).subarray(0, responseExcerptBytes)
  return new TextDecoder('utf-8').decode(bytes)
}

/** POSTs one signed webhook and reports what happened. Never throws for network trouble. */
export async function sendWebhook(request: WebhookRequest): Promise<SendResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
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
    const responseExcerpt = await readExcerpt(response)
    return {
      succeeded: response.status >= 200 && response.status < 300,
      responseStatus: response.status,
      responseExcerpt,
      error: null,
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
  }
}
