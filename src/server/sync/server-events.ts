// A replica keeps the team server's event stream open (server-client.ts openEventStream): each
// event there is a change others made, so the replica syncs at once instead of at its next poll.
// The poll stays, for a server or a network that drops the stream.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Db } from '../db/connection'
import { unseal } from '../sealing/sealed-text'
import * as sync from './repository'
import { openEventStream } from './server-client'

export interface ServerEventsWatch {
  stop(): void
}

/**
 * Calls `onChange` for each event the team server streams to this replica, and each time the
 * stream opens, while the data folder is one; reconnects `retryMs` after the stream ends or fails
 * (the server away, the link made or changed later).
 */
export function watchServerEvents(
  db: Db,
  onChange: () => void,
  retryMs = 5_000,
): ServerEventsWatch {
  const stopping = new AbortController()
  async function follow(): Promise<void> {
    const state = await sync.findSyncState(db)
    const token = state && unseal(state.serverToken)
    if (!state || !token) return
    const response = await openEventStream(state.serverUrl, token, stopping.signal)
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
  void (async () => {
    while (!stopping.signal.aborted) {
      // A failed connection is what the poll's status already tells: nothing to add here.
      await follow().catch(() => undefined)
      await sleep(retryMs, undefined, { signal: stopping.signal }).catch(() => undefined)
    }
  })()
  return { stop: () => stopping.abort() }
}
