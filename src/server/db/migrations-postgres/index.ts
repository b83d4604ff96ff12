import type { Migration, MigrationProvider } from 'kysely'
import * as baseline from './2026-11-25T2000-baseline'
import * as rateLimitWindows from './2026-11-25T2100-rate-limit-windows'
import * as accountsRoles from './2026-11-25T2200-accounts-roles'
import * as sync from './2026-11-26T0000-sync'
import * as syncLinks from './2026-11-26T0100-sync-links'
import * as inboundLogTotals from './2026-11-27T0910-inbound-log-totals'
import * as inboundOwnerCursors from './2026-11-27T1500-inbound-owner-cursors'
import * as recordHistory from './2026-11-28T0400-record-history'
import * as peopleWordStarts from './2026-11-28T1600-people-word-starts'
import * as foldEveryScript from './2026-11-28T1900-fold-every-script'
import * as foldedOrders from './2026-11-29T0400-folded-orders'

// PostgreSQL's migrations, listed in code like SQLite's (db/migrations/index.ts). The baseline
// creates the schema SQLite's list had reached when PostgreSQL came; from then on, every change
// of the schema is a migration in BOTH lists, each in its engine's terms. test/schema-parity.test.ts
// fails when the two disagree on a table or column name (but for the tables it names as one
// engine's own, each with its reason).
const migrations: Record<string, Migration> = {
  '2026-11-25T2000-baseline': baseline,
  '2026-11-25T2100-rate-limit-windows': rateLimitWindows,
  '2026-11-25T2200-accounts-roles': accountsRoles,
  '2026-11-26T0000-sync': sync,
  '2026-11-26T0100-sync-links': syncLinks,
  '2026-11-27T0910-inbound-log-totals': inboundLogTotals,
  '2026-11-27T1500-inbound-owner-cursors': inboundOwnerCursors,
  '2026-11-28T0400-record-history': recordHistory,
  '2026-11-28T1600-people-word-starts': peopleWordStarts,
  '2026-11-28T1900-fold-every-script': foldEveryScript,
  '2026-11-29T0400-folded-orders': foldedOrders,
}

/** Every migration this version has, by name. */
export const postgresMigrationNames: ReadonlySet<string> = new Set(Object.keys(migrations))

export const postgresMigrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
