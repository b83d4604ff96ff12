import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // Sessions of the UI. They belong to the machine's owner, not to a workspace: the UI names the
  // workspace it acts on in each request. Only the SHA-256 of the cookie value is stored.
  sql`create table sessions (
    id text primary key,
    secret_hash text not null unique,
    created_at text not null,
    expires_at text not null,
    last_seen_at text not null
  ) strict`,
  sql`create index sessions_expires on sessions (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
