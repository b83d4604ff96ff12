import { setTimeout as sleep } from 'node:timers/promises'
import type { SSEStreamingApi } from 'hono/streaming'
import type { Db } from '../db/connection'
import type { Logger } from '../logger'
import { databaseIdentity } from '../db/identity'
import { encodeCursor, eventFingerprint } from './cursor'
import { readEvents } from './service'
import type { EventType } from '../../shared/events'

export interface EventStreamOptions {
  db: Db
  logger: Logger
  tenantId: string
  /** The seq to start after. */
  startSeq: number
  /** Only these event types (the `type` filter); all when absent. */
  types?: readonly EventType[]
  /** Aborted when the server shuts down: the stream ends so the connection can close. */
  shutdown?: AbortSignal
  /** Whether the caller's token or session still holds; the stream ends when it stops. */
  stillAuthorized: () => Promise<boolean>
}

// How often an idle stream looks for new events.
const pollIntervalMs = 250
// Proxies and browsers drop connections that stay silent too long; a comment line keeps it open.
const keepAliveMs = 15_000
const batchSize = 100
// How long EventSource waits before reconnecting after the stream ends.
const reconnectMs = 1_000

/**
 * Writes the workspace's events to an SSE stream as they are committed, each with its cursor as
 * the `id`, until the client goes away or the server shuts down.
 */
export async function pipeEvents(stream: SSEStreamingApi, options: EventStreamOptions) {
  const done = new AbortController()
  stream.onAbort(() => done.abort())
  const onShutdown = () => done.abort()
  options.shutdown?.addEventListener('abort', onShutdown, { once: true })
  if (options.shutdown?.aborted) done.abort()
  let seq = options.startSeq
  let idleMs = 0
  try {
    const database = await databaseIdentity(options.db)
    await stream.write(`retry: ${reconnectMs}\n\n`)
    while (!done.signal.aborted) {
      const range = await readEvents(options.db, options.tenantId, seq, batchSize, options.types)
      for (const event of range.events) {
        const id = encodeCursor({ database, seq: event.seq, event: eventFingerprint(event.id) })
        await stream.writeSSE({ id, data: event.payload })
      }
      seq = range.nextSeq
      if (range.hasMore) continue
      if (range.events.length > 0) idleMs = 0
      else if ((idleMs += pollIntervalMs) >= keepAliveMs) {
        await stream.write(': keep-alive\n\n')
        idleMs = 0
      }
      if (!(await options.stillAuthorized())) break
      // Restored from a backup under the stream: its positions mean nothing now. Ending it makes
      // the client reconnect with its Last-Event-ID, which answers 409 with how to resynchronise.
      if ((await databaseIdentity(options.db)) !== database) break
      await sleep(pollIntervalMs, undefined, { signal: done.signal }).catch(() => undefined)
    }
  } catch (error) {
    // A client that went away mid-write, or the database closing at shutdown, ends the stream
    // quietly; anything else is worth a log line.
    if (!done.signal.aborted) options.logger.error('event stream failed', error)
  } finally {
    options.shutdown?.removeEventListener('abort', onShutdown)
  }
}
