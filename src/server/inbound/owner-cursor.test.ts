// A round-robin webhook's turn is a write at each delivery; it must keep the token and webhook
// caches (db/connection.ts accessStamp), while any other change to a webhook drops them.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accessStamp, openDatabase } from '../db/connection'
import { advanceOwnerCursor, readOwnerCursor, updateWebhook } from './repository'

const db = openDatabase(':memory:')
beforeAll(async () => {
  await sql`create table inbound_webhooks (id text primary key, name text,
    owner_cursor integer not null default 0)`.execute(db)
  await sql`insert into inbound_webhooks (id, name) values ('w1', 'Form')`.execute(db)
})
afterAll(() => db.destroy())

it('moves the owner cursor and keeps the access stamp', async () => {
  const before = accessStamp(db)
  await advanceOwnerCursor(db, 'w1', 2)
  expect(await readOwnerCursor(db, 'w1')).toBe(2)
  expect(accessStamp(db)).toBe(before)
})

it('changes the access stamp with any other change to the webhook', async () => {
  const before = accessStamp(db)
  await updateWebhook(db, 'w1', { name: 'Renamed' })
  expect(accessStamp(db)).not.toBe(before)
})
