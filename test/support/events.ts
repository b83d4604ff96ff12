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

/** Creates a webhook subscription for `url` (all events unless told) and returns it with its secret. */
export async function subscribe(admin: Caller, url: string, fields: Record<string, unknown> = {}) {
  const { status, body } = await admin.post('/api/app/v1/webhook-subscriptions', { url, ...fields })
  if (status !== 201) throw new Error(`subscription not created: ${JSON.stringify(body)}`)
  return body
}

/** The delivery log of a subscription, oldest attempt first. */
export async function attemptsOf(admin: Caller, subscriptionId: string): Promise<any[]> {
  const { status, body } = await admin.get(
    `/api/app/v1/webhook-subscriptions/${subscriptionId}/attempts?pageSize=100`,
  )
  if (status !== 200) throw new Error(`log not readable: ${JSON.stringify(body)}`)
  return body.data.reverse()
}
