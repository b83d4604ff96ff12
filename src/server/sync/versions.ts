import { ApiError } from '../http/errors'
import { newestMigration } from '../db/migrations'

// The first schema that speaks sync. A replica names its newest migration: the server answers a
// replica older than this 426, and one newer than itself 409 (docs/sync-protocol.md, section 6);
// either keeps its outbox and works offline until the older side is upgraded.
export const oldestSyncSchema = '2026-11-26T0000-sync'

/** Passes a replica's schema version this server speaks, or throws what to do. */
export function assertSchemaSpoken(version: string): void {
  if (version < oldestSyncSchema) {
    throw new ApiError(
      'upgrade_required',
      `This Outpost is too old to sync with the team server: upgrade it. Its changes are kept ` +
        `until then.`,
      { field: 'schemaVersion', minimum: oldestSyncSchema },
    )
  }
  if (version > newestMigration) {
    throw new ApiError(
      'server_too_old',
      'The team server runs an older Outpost than this replica: upgrade the server. The ' +
        "replica's changes are kept until then.",
      { field: 'schemaVersion', server: newestMigration },
    )
  }
}
