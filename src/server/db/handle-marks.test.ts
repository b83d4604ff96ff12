// A request's handle carries its caller into every transaction begun from it, and finds what is
// kept in memory by database (the change stamp) as the app's own handle does.
import { sql } from 'kysely'
import { afterAll, expect, it } from 'vitest'
import { actingAs, currentActor } from '../events/actor'
import { applyingRemote, remoteWrite } from '../sync/write-origin'
import { changeStamp, inTransaction, openDatabase } from './connection'
import { rootOf } from './handle-marks'

const db = openDatabase(':memory:')
afterAll(() => db.destroy())

it('reaches the transactions begun from a marked handle, and no other handle', async () => {
  const marked = actingAs(db, { kind: 'token', name: 'Zapier' })
  const seen = await inTransaction(marked, async (trx) =>
    inTransaction(trx, async (nested) => currentActor(nested)),
  )
  expect(seen).toEqual({ kind: 'token', name: 'Zapier' })
  expect(currentActor(db)).toBeNull()
  expect(await inTransaction(db, async (trx) => currentActor(trx))).toBeNull()
})

it('takes the newest mark of a kind, and keeps marks of other kinds', async () => {
  const first = actingAs(db, { kind: 'token', name: 'first' })
  const second = actingAs(first, { kind: 'inbound', name: 'Site form' })
  expect(currentActor(second)).toEqual({ kind: 'inbound', name: 'Site form' })
  expect(currentActor(first)).toEqual({ kind: 'token', name: 'first' })
  await inTransaction(second, async (trx) => {
    const remote = applyingRemote(trx, { hlc: '0001' })
    expect(remote.isTransaction).toBe(true)
    expect(remoteWrite(remote)).toEqual({ hlc: '0001' })
    expect(currentActor(remote)).toEqual({ kind: 'inbound', name: 'Site form' })
    expect(remoteWrite(trx)).toBeNull()
  })
})

it('shares the change stamp of the handle it was marked from', async () => {
  const marked = actingAs(actingAs(db, { kind: 'ui' }), { kind: 'import' })
  expect(rootOf(marked)).toBe(db)
  const before = changeStamp(db)
  expect(before).not.toBeNull()
  expect(changeStamp(marked)).toBe(before)
  await sql`create table notes (body text)`.execute(marked)
  expect(changeStamp(db)).not.toBe(before)
  expect(changeStamp(marked)).toBe(changeStamp(db))
  // A transaction's reads may be its own writes, which a rollback takes back: it keeps nothing.
  await inTransaction(marked, async (trx) => expect(changeStamp(trx)).toBeNull())
})
