import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// The v1 lists' `updatedSince` filter and `updatedAt` sorts (Outpost extensions) read a range of
// these indexes instead of every person or deal of the workspace: a sync script asking for what
// changed since its last run touches only those rows.
const statements = [
  sql`create index people_tenant_updated on people (tenant_id, updated_at, id)`,
  sql`create index deals_tenant_updated on deals (tenant_id, updated_at, id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
