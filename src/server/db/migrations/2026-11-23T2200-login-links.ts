import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // One-time login links for the UI, minted by the server at start or by `outpost login-link` from
  // another process, so they live in the database rather than in the server's memory. Only the
  // SHA-256 of the link's secret is stored; using a link deletes its row.
  sql`create table login_links (
    id text primary key,
    secret_hash text not null unique,
    created_at text not null,
    expires_at text not null
  ) strict`,
  sql`create index login_links_expires on login_links (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
