// vitest's globalSetup: with OUTPOST_TEST_DATABASE=postgres, one PostgreSQL for the whole run and
// a migrated template database the test servers copy (test/support/postgres.ts).

import { randomBytes } from 'node:crypto'
import { migrateToLatest, openDatabase } from '../../src/server/db/connection'
import {
  createDatabase,
  dropDatabase,
  onPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres'

let cluster: PostgresCluster | undefined
let template: string | undefined

export async function setup(): Promise<void> {
  if (!onPostgres()) return
  if (!process.env.OUTPOST_TEST_POSTGRES_URL) {
    cluster = await startPostgresCluster()
    process.env.OUTPOST_TEST_POSTGRES_URL = cluster.url
  }
  const server = process.env.OUTPOST_TEST_POSTGRES_URL
  template = `outpost_template_${randomBytes(4).toString('hex')}`
  const db = openDatabase(await createDatabase(server, template))
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  process.env.OUTPOST_TEST_POSTGRES_TEMPLATE = template
}

export async function teardown(): Promise<void> {
  if (cluster) return cluster.stop()
  if (template) await dropDatabase(process.env.OUTPOST_TEST_POSTGRES_URL!, template)
}
