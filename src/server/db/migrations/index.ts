import type { Migration, MigrationProvider } from 'kysely'
import * as initial from './2026-11-22T0900-initial'

// Migrations are listed in code, not read from a folder: a bundled Electron main process has no
// migrations folder to read. Keys sort in the order they must run.
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
