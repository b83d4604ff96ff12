import type { Caller } from './server'

/** The change-feed cursor of "now": events after it are the ones a test caused. */
export async function feedCursor(caller: Caller): Promise<string> {
  const { status, body } = await caller.get('/api/v1/events?after=now')
  if (status !== 200) throw new Error(`feed not readable: ${JSON.stringify(body)}`)
  return body.nextCursor
}

/** Every event after `cursor`, reading the feed to its end. */
export async function eventsAfter(caller: Caller, cursor: string): Promise<any[]> {
  const events: any[] = []
  let after = cursor
  for (;;) {
    const { status, body } = await caller.get(`/api/v1/events?after=${after}&limit=1000`)
    if (status !== 200) throw new Error(`feed not readable: ${JSON.stringify(body)}`)
    events.push(...body.data)
    after = body.nextCursor
    if (!body.hasMore) return events
  }
}

/** Runs `action` and returns the events it caused, in commit order. */
export async function eventsOf(caller: Caller, action: () => Promise<unknown>): Promise<any[]> {
  const cursor = await feedCursor(caller)
  await action()
  return eventsAfter(caller, cursor)
}

/** `type` of each event, for comparing the sequence an operation emitted. */
export const typesOf = (events: readonly { type: string }[]) => events.map((event) => event.type)
