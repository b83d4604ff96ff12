import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// The rate limits' one-minute windows, shared by every server process on the database
// (http/rate-limit.ts). PostgreSQL only: a server on a SQLite file is one process and counts in
// memory, so SQLite's list has no such table (test/schema-parity.test.ts names the exception).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_windows (
    key text collate "C" primary key,
    started_at bigint not null,
    count integer not null
  )`.execute(db)
}
