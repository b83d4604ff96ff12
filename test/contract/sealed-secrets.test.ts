// Credentials at rest: a copy of the database file (and the server's log) must not hold a signing
// secret or the ngrok token; losing the key that seals them is a clear message and a reset, not a
// crash, and never an unsigned delivery.
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/server/auth/service'
import type { Logger } from '../../src/server/logger'
import { startServer, type RunningServer } from '../../src/server/server'
import { ensureDefaultWorkspace } from '../../src/server/workspace-store'
import { subscribe } from '../support/events'
import { createPerson } from '../support/fixtures'
import { caller, type Caller } from '../support/server'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { requireBuiltCli, runCli } from '../support/cli'

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-sealed-'))
const logLines: string[] = []
const logger: Logger = {
  info: (message) => logLines.push(message),
  error: (message, error) => logLines.push(`${message} ${String(error ?? '')}`),
}
let server: RunningServer
let admin: Caller
let receiver: WebhookReceiver
let token = ''

const start = async () => {
  server = await startServer({ dataDir, port: 0, logger })
  admin = caller(server.url, token)
}

/** Every byte of the database as a copy of the folder's files would have it. */
const databaseBytes = () =>
  ['outpost.sqlite', 'outpost.sqlite-wal']
    .map((name) => {
      try {
        return readFileSync(join(dataDir, name)).toString('latin1')
      } catch {
        return ''
      }
    })
    .join('')

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startServer({ dataDir, port: 0, logger })
  const workspace = await ensureDefaultWorkspace(server.db, new Date())
  token = (await createApiToken(server.db, workspace.id, { name: 'a', scope: 'admin' }, new Date()))
    .token
  admin = caller(server.url, token)
})
afterAll(async () => {
  await server.close()
  await receiver.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('credentials sealed at rest', () => {
  const ngrokToken = `2abcDEF${'g'.repeat(30)}_ngrokTokenForTest`
  let secret = ''
  let subscriptionId = ''

  it('keeps no signing secret or ngrok token in the database file or the log', async () => {
    const subscription = await subscribe(admin, receiver.url)
    secret = subscription.secret
    subscriptionId = subscription.id
    const tunnel = await admin.put('/api/app/v1/tunnel', { ngrokAuthtoken: ngrokToken })
    expect(tunnel.status).toBe(200)
    expect(tunnel.body.ngrokAuthtokenSet).toBe(true)
    const rotated = await admin.post(
      `/api/app/v1/webhook-subscriptions/${subscriptionId}/rotate-secret`,
    )
    expect(rotated.status).toBe(200)

    await sql`pragma wal_checkpoint(FULL)`.execute(server.db)
    const bytes = databaseBytes()
    for (const credential of [secret, rotated.body.secret, ngrokToken]) {
      expect(bytes.includes(credential)).toBe(false)
      // Not its base64 body alone either (what an HMAC key is made of).
      expect(bytes.includes(credential.replace(/^whsec_/, ''))).toBe(false)
      expect(logLines.join('\n').includes(credential)).toBe(false)
    }
    secret = rotated.body.secret
    // Yet they work: a delivery verifies with the secret shown.
    await createPerson(admin, { fullName: 'Signed' })
    await server.deliveries.runDue()
    const request = receiver.received.at(-1)!
    expect(new Webhook(secret).verify(request.body, request.headers as never)).toBeTruthy()
    // The key is the user's alone.
    expect(statSync(join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600)
  })

  it('a lost key: the server starts and says so, nothing goes out unsigned, and a reset gives new secrets', async () => {
    await server.close()
    unlinkSync(join(dataDir, 'secrets.key'))
    logLines.length = 0
    await start()
    expect(logLines.join('\n')).toMatch(
      /cannot be read: the key that sealed them \(secrets.key\) was missing/,
    )
    expect(logLines.join('\n')).toContain('outpost secrets reset')

    const unreadable = await admin.get(`/api/app/v1/webhook-subscriptions/${subscriptionId}/secret`)
    expect(unreadable.status).toBe(409)
    expect(unreadable.body.error.code).toBe('secret_unreadable')
    expect((await admin.get('/api/app/v1/tunnel')).body.ngrokAuthtokenSet).toBe(false)
    const before = receiver.received.length
    await createPerson(admin, { fullName: 'Not sent unsigned' })
    await server.deliveries.runDue()
    expect(receiver.received.length).toBe(before)
    const attempts = await admin.get(`/api/app/v1/webhook-subscriptions/${subscriptionId}/attempts`)
    expect(attempts.body.data[0].error).toBe('signing_secret_unreadable')

    requireBuiltCli()
    const reset = await runCli(['secrets', 'reset', '--data-dir', dataDir])
    expect(reset.code).toBe(0)
    expect(reset.stdout).toContain(`New signing secret for ${subscriptionId}`)
    expect(reset.stdout).toContain('The ngrok token was removed')
    const renewed = await admin.get(`/api/app/v1/webhook-subscriptions/${subscriptionId}/secret`)
    expect(renewed.status).toBe(200)
    expect(renewed.body.secret).not.toBe(secret)
    expect(renewed.body.previousSecret).toBeNull()
    // The delivery held back goes out now, signed with the new secret.
    await server.deliveries.runDue()
    const request = receiver.received.at(-1)!
    expect(receiver.received.length).toBe(before + 1)
    expect(
      new Webhook(renewed.body.secret).verify(request.body, request.headers as never),
    ).toBeTruthy()
  }, 60_000)

  it('seals credentials a database from before sealing kept in plain text', async () => {
    const plain = `whsec_${Buffer.from('p'.repeat(32)).toString('base64')}`
    await server.db
      .updateTable('webhookSubscriptions')
      .set({ secret: plain, previousSecret: null })
      .where('id', '=', subscriptionId)
      .execute()
    await server.close()
    await start()
    const stored = await server.db
      .selectFrom('webhookSubscriptions')
      .select('secret')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow()
    expect(stored.secret).toMatch(/^sealed:v1:/)
    const shown = await admin.get(`/api/app/v1/webhook-subscriptions/${subscriptionId}/secret`)
    expect(shown.body.secret).toBe(plain)
  })
})
