import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import type { Logger } from '../../src/server/logger'
import { createPerson as createPersonInDb } from '../../src/server/people/service'
import { startServer, type RunningServer } from '../../src/server/server'
import { ensureDefaultWorkspace, openDataDir } from '../../src/server/workspace-store'
import { createTestClock } from '../support/clock'
import { attemptsOf, eventsAfter, feedCursor, subscribe } from '../support/events'
import { createPerson } from '../support/fixtures'
import { caller } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-durable-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const logLines: string[] = []
const capturingLogger: Logger = {
  info: (message) => logLines.push(message),
  error: (message, error) => logLines.push(`${message} ${String(error ?? '')}`),
}

describe('durable delivery across a restart and an offline endpoint', () => {
  it('stops mid-queue, restarts on the same data: each event delivered exactly once per successful attempt, with the same webhook-id on retries', async () => {
    const clock = createTestClock()
    const start = () => startServer({ dataDir, port: 0, clock, logger: capturingLogger })
    let server: RunningServer = await start()
    const workspace = await ensureDefaultWorkspace(server.db, clock.now())
    const { token } = await createApiToken(
      server.db,
      workspace.id,
      { name: 'durable', scope: 'admin' },
      clock.now(),
    )

    // What the endpoint answered, across both of its lives: webhook-id and status.
    const answers: { id: string; status: number }[] = []
    let releaseHeld!: () => void
    const held = new Promise<void>((resolve) => (releaseHeld = resolve))
    const answer = async (id: string, status: number, wait?: Promise<void>) => {
      await wait
      answers.push({ id, status })
      return { status }
    }
    let receiver: WebhookReceiver = await startWebhookReceiver((request, index) => {
      const id = String(request.headers['webhook-id'])
      if (index === 0) return answer(id, 500) // the first event needs a retry
      if (index === 3) return answer(id, 200, held) // in flight when the server stops
      return answer(id, 200)
    })
    const api = caller(server.url, token)
    // Strict order: every event in commit order, the retried one holding back those after it.
    const subscription = await subscribe(api, `${receiver.url}?key=url-secret-123`, {
      strictOrder: true,
    })
    const cursor = await feedCursor(api)
    for (let i = 1; i <= 6; i++) await createPerson(api, { fullName: `Queued ${i}` })

    await server.deliveries.runDue() // event 1 fails: retry in 5 s
    clock.advance(5_000)
    const round = server.deliveries.runDue()
    await receiver.waitFor(4) // event 1 again, event 2, and event 3 held open
    const closing = server.close()
    releaseHeld()
    await Promise.all([round, closing])
    expect(answers.map((item) => item.status)).toEqual([500, 200, 200, 200])

    // While the server is down, the CLI records a change; then the endpoint goes offline too.
    const cliDb = await openDataDir(dataDir)
    await createPersonInDb(cliDb, workspace.id, { fullName: 'Written by the CLI' }, clock.now())
    await cliDb.destroy()
    const port = receiver.port
    await receiver.close()

    clock.advance(60_000)
    server = await start()
    await server.deliveries.runDue() // endpoint offline: connection refused, retry in 5 s
    receiver = await startWebhookReceiver(
      (request) => answer(String(request.headers['webhook-id']), 200),
      port,
    )
    clock.advance(5_000)
    await server.deliveries.runDue()

    const admin = caller(server.url, token)
    const events = await eventsAfter(admin, cursor)
    expect(events).toHaveLength(7)
    const succeeded = answers.filter((item) => item.status === 200).map((item) => item.id)
    // Every event once, in commit order, and nothing delivered twice.
    expect(succeeded).toEqual(events.map((event) => event.id))
    // The retried event kept its webhook-id.
    expect(answers[0]).toEqual({ id: events[0].id, status: 500 })

    const log = await attemptsOf(admin, subscription.id)
    const successesInLog = log.filter((attempt) => attempt.succeeded)
    expect(successesInLog.map((attempt) => attempt.eventId)).toEqual(succeeded)
    // The endpoint was offline at the restart: no answer (its old connection is gone too).
    const unanswered = log.filter((attempt) => attempt.responseStatus === null)
    expect(unanswered.map((attempt) => attempt.eventId)).toEqual([events[3].id])
    expect(['connection_refused', 'connection_reset']).toContain(unanswered[0].error)

    // The server log tells what failed, but never the URL (it may hold a token) or the secret.
    expect(logLines.some((line) => line.includes(`event ${events[3].id} attempt 1`))).toBe(true)
    for (const line of logLines) {
      expect(line).not.toContain(subscription.secret.slice(6))
      expect(line).not.toContain('url-secret-123')
    }
    await server.close()
    await receiver.close()
  })
})
