import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // How long each workspace keeps events that every subscription has settled (events/retention).
  sql`alter table workspaces add column event_retention_days integer not null default 30`,
  // The last seq pruned in each workspace: a feed cursor before it has lost events, and answers 410.
  sql`create table event_horizons (
    tenant_id text primary key references workspaces(id) on delete cascade,
    pruned_through integer not null
  ) strict`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
