// A round-robin webhook's turn is a write at each delivery. Kept in a table of its own, it keeps
// the token and webhook caches (db/connection.ts accessStamp), while any change to the webhook
// itself drops them; and a turn kept on the webhook's row by an earlier version carries over.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accessStamp, migrateToLatest, openDatabase } from '../db/connection'
import { migrationProvider } from '../db/migrations'
import { advanceOwnerCursor, readOwnerCursor, updateWebhook } from './repository'

const dir = mkdtempSync(join(tmpdir(), 'outpost-owner-cursor-'))
const db = openDatabase(join(dir, 'outpost.sqlite'))
const at = '2026-01-01T00:00:00.000Z'

// The data folder as the version before the move left it: the turn on the webhook's row.
beforeAll(async () => {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error } = await migrator.migrateTo('2026-11-27T0910-inbound-log-totals')
  expect(error).toBeUndefined()
  await sql`insert into workspaces (id, name, created_at, updated_at)
    values ('t1', 'Old', ${at}, ${at})`.execute(db)
  for (const [id, turn] of [
    ['w1', 5],
    ['w2', 0],
  ] as const) {
    await sql`insert into inbound_webhooks (id, tenant_id, name, object_type, mapping,
        dedupe_strategy, default_country, token_hash, token_prefix, owner_cursor,
        created_at, updated_at)
      values (${id}, 't1', 'Form', 'person', '{}', 'email', 'BR', ${`hash-${id}`}, 'p',
        ${turn}, ${at}, ${at})`.execute(db)
  }
  await migrateToLatest(db)
})
afterAll(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

it('carries the turn an earlier version kept on the webhook', async () => {
  expect(await readOwnerCursor(db, 'w1')).toBe(5)
  expect(await readOwnerCursor(db, 'w2')).toBe(0)
})

it('moves the turn and keeps the access stamp', async () => {
  const before = accessStamp(db)
  await advanceOwnerCursor(db, 'w1', 2)
  await advanceOwnerCursor(db, 'w2', 1)
  await advanceOwnerCursor(db, 'w2', 1)
  expect([await readOwnerCursor(db, 'w1'), await readOwnerCursor(db, 'w2')]).toEqual([7, 2])
  expect(accessStamp(db)).toBe(before)
})

it('changes the access stamp with any change to the webhook', async () => {
  const before = accessStamp(db)
  await updateWebhook(db, 'w1', { name: 'Renamed' })
  expect(accessStamp(db)).not.toBe(before)
})

it('forgets the turn with the webhook', async () => {
  await sql`delete from inbound_webhooks where id = 'w1'`.execute(db)
  const { rows } = await sql`select * from inbound_owner_cursors`.execute(db)
  expect(rows).toEqual([{ webhookId: 'w2', handedOut: 2 }])
})
