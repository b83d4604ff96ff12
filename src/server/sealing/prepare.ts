import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { inTransaction, type Db } from '../db/connection'
import type { KeyStore } from './key-store'
import { holdKey, isSealed, sealWithKey, unseal } from './sealed-text'

export interface SealingReport {
  /** The id of the key held for this database (sealed-text.ts releaseKey at close). */
  keyId: string
  /** The key was made by this start (a new data folder, or the old key lost). */
  created: boolean
  /** Sealed values no key of this process opens: lost with their key, to be reset. */
  unreadable: number
}

// Every credential column Outpost stores in a form it can read back.
const columns = [
  ['webhook_subscriptions', 'secret'],
  ['webhook_subscriptions', 'previous_secret'],
  ['tunnel_settings', 'ngrok_authtoken'],
  ['sync_links', 'server_token'],
  ['inbound_webhooks', 'verification_secret'],
] as const

/**
 * Loads the sealing key (making one on first use), records which key seals this database, and
 * seals any credential still in plain text, in one transaction. Answers what it found, so the
 * server can say when secrets were lost with their key.
 */
export async function prepareSealing(db: Db, store: KeyStore): Promise<SealingReport> {
  let key = store.load()
  const created = key === null
  if (key === null) {
    key = randomBytes(32)
    store.save(key)
  }
  const sealingKey = key
  const keyId = holdKey(sealingKey)
  return inTransaction(db, async (trx) => {
    await trx.updateTable('databaseIdentity').set({ sealingKeyId: keyId }).execute()
    let unreadable = 0
    for (const [table, column] of columns) {
      const { rows } = await sql<{ value: string }>`select ${sql.ref(column)}
        as value from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(trx)
      for (const { value } of rows) {
        if (isSealed(value)) {
          if (unseal(value) === null) unreadable += 1
          continue
        }
        // By value, not by SQLite's rowid (PostgreSQL has none): rows with the same plain value
        // are sealed together, and a later row with it then finds nothing left to do.
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sealWithKey(sealingKey, value)}
          where ${sql.ref(column)} = ${value}`.execute(trx)
      }
    }
    return { keyId, created, unreadable }
  })
}

/** What the server says at start when credentials were sealed under a key it no longer has. */
export function lostKeyMessage(
  report: Pick<SealingReport, 'created' | 'unreadable'>,
  dataDir: string,
): string {
  const why = report.created
    ? 'the key that sealed them (secrets.key) was missing, so a new one was made'
    : 'they were sealed under another key than the one in secrets.key'
  return (
    `${report.unreadable} stored credential(s) cannot be read: ${why}. Outbound webhooks with ` +
    'such a signing secret are not sent until it is replaced. Give them new secrets with ' +
    `\`outpost secrets reset --data-dir ${dataDir}\` (or rotate each in Settings > Outbound ` +
    'webhooks) and hand the new secrets to their receivers; enter the ngrok token again if asked.'
  )
}
