import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // Each inbound webhook's own rate limit, requests per minute; 300 (the spec's) unless set.
  sql`alter table inbound_webhooks add column rate_limit_per_minute integer not null default 300
    check (rate_limit_per_minute between 1 and 100000)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
