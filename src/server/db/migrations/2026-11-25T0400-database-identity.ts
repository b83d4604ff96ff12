import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // One row: who this database is (db/identity.ts). Change-feed cursors carry the id, so a cursor
  // from before a restore, or from another copy of the file, is told apart from a live one.
  sql`create table database_identity (
    singleton integer primary key check (singleton = 1),
    id text not null,
    file_id text,
    created_at text not null
  ) strict`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
