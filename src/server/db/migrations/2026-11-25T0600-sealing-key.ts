import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

const statements = [
  // The id of the key (kept outside the database) that seals this database's credentials:
  // signing secrets and the ngrok token are sealed at the next start (sealing/prepare.ts).
  sql`alter table database_identity add column sealing_key_id text`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}
