// Load from this process with autocannon: a fixed number of connections for a fixed time.
import autocannon from 'autocannon'

export interface LoadResult {
  /** Requests per second, averaged over the run. */
  rps: number
  p50: number
  p99: number
  errors: number
}

export interface Load {
  url: string
  method?: 'GET' | 'POST' | 'PATCH'
  headers?: Record<string, string>
  /** Connections to open: `loadSettings.connections` unless said. */
  connections?: number
  /** The path (and body) of request number `n`. */
  request(n: number): { path: string; body?: unknown }
}

export const loadSettings = { connections: 10, seconds: 10 }

export async function drive(load: Load): Promise<LoadResult> {
  let n = 0
  const result = await autocannon({
    url: load.url,
    connections: load.connections ?? loadSettings.connections,
    duration: loadSettings.seconds,
    requests: [
      {
        method: load.method ?? 'GET',
        setupRequest: (request) => {
          const next = load.request(n++)
          return {
            ...request,
            path: next.path,
            headers: { ...load.headers, 'content-type': 'application/json' },
            body: next.body === undefined ? undefined : JSON.stringify(next.body),
          }
        },
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}
