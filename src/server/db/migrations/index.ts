import type { Migration, MigrationProvider } from 'kysely'
import * as initial from './2026-11-22T0900-initial'
import * as inbound from './2026-11-22T1000-inbound'
import * as outbound from './2026-11-22T1100-outbound'
import * as sessions from './2026-11-22T1200-sessions'
import * as peopleSearch from './2026-11-22T1210-people-search'
import * as tunnel from './2026-11-22T1300-tunnel'
import * as loginLinks from './2026-11-23T2200-login-links'
import * as recordCounts from './2026-11-24T1000-record-counts'
import * as inboundRateLimit from './2026-11-24T1100-inbound-rate-limit'
import * as listChanges from './2026-11-24T1900-list-changes'
import * as eventRetention from './2026-11-24T2000-event-retention'
import * as peoplePrefixSearch from './2026-11-24T2100-people-prefix-search'
import * as databaseIdentity from './2026-11-25T0400-database-identity'
import * as inboundLogBounds from './2026-11-25T0500-inbound-log-bounds'
import * as sealingKey from './2026-11-25T0600-sealing-key'
import * as activitiesNotes from './2026-11-25T0700-activities-notes'
import * as peopleNameOrder from './2026-11-25T1000-people-name-order'
import * as idempotencyKeys from './2026-11-25T1100-idempotency-keys'
import * as accountsRoles from './2026-11-25T1930-accounts-roles'
import * as sync from './2026-11-26T0000-sync'
import * as syncLinks from './2026-11-26T0100-sync-links'
import * as peoplePrefixPages from './2026-11-26T1500-people-prefix-pages'
import * as peopleSearchCompact from './2026-11-26T2300-people-search-compact'
import * as peopleSearchDeferred from './2026-11-27T0900-people-search-deferred'
import * as inboundLogTotals from './2026-11-27T0910-inbound-log-totals'
import * as inboundOwnerCursors from './2026-11-27T1500-inbound-owner-cursors'
import * as recordHistory from './2026-11-28T0400-record-history'
import * as foldedOrders from './2026-11-29T0400-folded-orders'

// Migrations are listed in code, not read from a folder: a bundled Electron main process has no
// migrations folder to read. Keys sort in the order they must run.
// PostgreSQL has its own list (db/migrations-postgres/index.ts): a new table or column is a
// migration in BOTH lists; test/schema-parity.test.ts fails when the two schemas disagree.
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-22T1000-inbound': inbound,
  '2026-11-22T1100-outbound': outbound,
  '2026-11-22T1200-sessions': sessions,
  '2026-11-22T1210-people-search': peopleSearch,
  '2026-11-22T1300-tunnel': tunnel,
  '2026-11-23T2200-login-links': loginLinks,
  '2026-11-24T1000-record-counts': recordCounts,
  '2026-11-24T1100-inbound-rate-limit': inboundRateLimit,
  '2026-11-24T1900-list-changes': listChanges,
  '2026-11-24T2000-event-retention': eventRetention,
  '2026-11-24T2100-people-prefix-search': peoplePrefixSearch,
  '2026-11-25T0400-database-identity': databaseIdentity,
  '2026-11-25T0500-inbound-log-bounds': inboundLogBounds,
  '2026-11-25T0600-sealing-key': sealingKey,
  '2026-11-25T0700-activities-notes': activitiesNotes,
  '2026-11-25T1000-people-name-order': peopleNameOrder,
  '2026-11-25T1100-idempotency-keys': idempotencyKeys,
  '2026-11-25T1930-accounts-roles': accountsRoles,
  '2026-11-26T0000-sync': sync,
  '2026-11-26T0100-sync-links': syncLinks,
  '2026-11-26T1500-people-prefix-pages': peoplePrefixPages,
  '2026-11-26T2300-people-search-compact': peopleSearchCompact,
  '2026-11-27T0900-people-search-deferred': peopleSearchDeferred,
  '2026-11-27T0910-inbound-log-totals': inboundLogTotals,
  '2026-11-27T1500-inbound-owner-cursors': inboundOwnerCursors,
  '2026-11-28T0400-record-history': recordHistory,
  '2026-11-29T0400-folded-orders': foldedOrders,
}

/** The newest migration: the schema version a replica names when it syncs. */
export const newestMigration = Object.keys(migrations).at(-1)!

/** Every migration this version has, by name. */
export const migrationNames: ReadonlySet<string> = new Set(Object.keys(migrations))

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
