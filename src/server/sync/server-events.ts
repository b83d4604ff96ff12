// A replica keeps the team server's event stream of each workspace it replicates open
// (server-client.ts openEventStream): each event there is a change others made, so the replica
// syncs at once instead of at its next poll. The poll stays, for a server or a network that drops
// the stream.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../db/connection'
import { unseal } from '../sealing/sealed-text'
import * as sync from './repository'
import { openEventStream } from './server-client'

export interface ServerEventsWatch {
  stop(): void
}

/**
 * Calls `onChange` for each event the team server streams to this replica, and each time a stream
 * opens: one stream for each workspace replicated (a token sees its own workspace's events).
 * Looks for links every `retryMs`, and follows each anew that long after its stream ends or fails
 * (the server away, the link made or changed later).
 */
export function watchServerEvents(
  db: Db,
  onChange: () => void,
  retryMs = 5_000,
): ServerEventsWatch {
  const stopping = new AbortController()
  const followed = new Set<string>()
  async function follow(link: sync.SyncLink): Promise<void> {
    const token = unseal(link.serverToken)
    if (!token) return
    const response = await openEventStream(link.serverUrl, token, stopping.signal)
    if (!response.ok || !response.body) return
    // What changed while the stream was closed, it will never tell: a round brings it.
    onChange()
    const decoder = new TextDecoder()
    let partial = ''
    for await (const chunk of response.body) {
      const lines = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n')
      partial = lines.pop()!
      // An event's data line; comments (keep-alives) and the retry hint say nothing new.
      if (lines.some((line) => line.startsWith('data:'))) onChange()
    }
  }
  async function followWhileLinked(tenantId: string): Promise<void> {
    while (!stopping.signal.aborted) {
      const link = await sync.findSyncLink(db, tenantId).catch(() => undefined)
      if (!link) break
      // A failed connection is what the poll's status already tells: nothing to add here.
      await follow(link).catch(() => undefined)
      await sleep(retryMs, undefined, { signal: stopping.signal }).catch(() => undefined)
    }
    followed.delete(tenantId)
  }
  void (async () => {
    while (!stopping.signal.aborted) {
      const links = await sync.listSyncLinks(db).catch(() => [])
      for (const { tenantId } of links) {
        if (followed.has(tenantId)) continue
        followed.add(tenantId)
        void followWhileLinked(tenantId)
      }
      await sleep(retryMs, undefined, { signal: stopping.signal }).catch(() => undefined)
    }
  })()
  return { stop: () => stopping.abort() }
}
