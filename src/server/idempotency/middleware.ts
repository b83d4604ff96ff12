import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../app-env'
import { ApiError } from '../http/errors'
import { claimKey, keepAnswer, releaseKey } from './service'

const maxKeyLength = 255
// Printable ASCII: a UUID, or any key a client makes up, as Stripe takes them.
const keyShape = /^[\x20-\x7e]+$/

// Answers that did not run the write are not kept, so a retry runs it: a request refused before
// it started (400, 413, 415), and a failure (5xx) whose transaction was rolled back.
const notKept = new Set([400, 401, 403, 413, 415, 429])
const kept = (status: number) => status < 500 && !notKept.has(status)

// The headers a replay repeats; the rate limit's are the replay's own.
const replayedHeaders = ['content-type', 'location']

/**
 * The request's JSON with every object's keys in order: a retry that serialises the same body
 * another way (key order, spacing) is the same request, as Stripe compares parameters, not bytes.
 */
function canonicalJson(value: unknown): string {
  const sorted = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(sorted)
      : item !== null && typeof item === 'object'
        ? Object.fromEntries(
            Object.keys(item)
              .sort()
              .map((key) => [key, sorted((item as Record<string, unknown>)[key])]),
          )
        : item
  return JSON.stringify(sorted(value))
}

/**
 * `Idempotency-Key` on POST and PATCH: the first request with a key runs, and for 24 hours a
 * retry with the same key and the same request gets its answer again (`Idempotent-Replayed:
 * true`), a duplicate arriving while it runs waits for it, and the key used for another request is
 * a 422. Keys are the workspace's: two scripts of one workspace share them.
 */
export function idempotentWrites({ db, clock }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (key === undefined || (c.req.method !== 'POST' && c.req.method !== 'PATCH')) return next()
    if (key.length === 0 || key.length > maxKeyLength || !keyShape.test(key)) {
      throw new ApiError(
        'invalid_request',
        `Idempotency-Key must be 1 to ${maxKeyLength} printable ASCII characters`,
        { field: 'Idempotency-Key' },
      )
    }
    const body = c.req.bodyCache.json ? canonicalJson(await c.req.json()) : ''
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${body}`)
      .digest('hex')
    const scope = `api:${c.get('auth').tenantId}`
    const claim = await claimKey(db, { scope, key, requestHash, sameRequestOnly: true }, clock)
    if (claim.kind === 'mismatch') {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was used for another request; use a new key for a new request',
        { field: 'Idempotency-Key' },
      )
    }
    if (claim.kind === 'busy') {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running; retry later with the same key',
        { field: 'Idempotency-Key' },
      )
    }
    if (claim.kind === 'replay') {
      const { status, headers, body: text } = claim.answer
      return c.body(text, status as 200, { ...headers, 'Idempotent-Replayed': 'true' })
    }
    try {
      await next()
    } catch (error) {
      await releaseKey(db, scope, key)
      throw error
    }
    const answer = c.res
    if (!kept(answer.status)) {
      await releaseKey(db, scope, key)
      return
    }
    const headers = Object.fromEntries(
      replayedHeaders.flatMap((name) => {
        const value = answer.headers.get(name)
        return value === null ? [] : [[name, value]]
      }),
    )
    await keepAnswer(db, scope, key, {
      status: answer.status,
      headers,
      body: await answer.clone().text(),
    })
  }
}
