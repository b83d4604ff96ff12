import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// As SQLite's migration of the same name: people by name and deals by title are ordered by a key
// the application writes with the row, the text lower-cased without accents as JavaScript folds
// it (db/text-fold.ts), so that both engines order alike; lower() under collate "C" folded A to Z only.
// The existing rows' keys are folded here in JavaScript too, not by outpost_fold: unaccent and
// Unicode's decomposition differ on a few letters ("ø", "ł"), and the order must not depend on
// when a row was written.
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

const keyed = [
  { table: 'people', text: 'full_name', key: 'name_key' },
  { table: 'deals', text: 'title', key: 'title_key' },
] as const

const batch = 1000

async function fillKeys(db: Kysely<unknown>, table: string, text: string, key: string) {
  let after = ''
  for (;;) {
    const { rows } = await sql<{ rid: string; label: string }>`
      select id as rid, ${sql.ref(text)} as label from ${sql.table(table)}
      where id > ${after} order by id limit ${batch}`.execute(db)
    if (rows.length === 0) return
    const values = rows.map((row) => sql`(${row.rid}, ${fold(row.label)})`)
    await sql`update ${sql.table(table)} set ${sql.ref(key)} = folded.folded
      from (values ${sql.join(values)}) as folded (rid, folded)
      where ${sql.table(table)}.id = folded.rid`.execute(db)
    after = rows.at(-1)!.rid
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, text, key } of keyed) {
    await sql`alter table ${sql.table(table)}
      add column ${sql.ref(key)} text collate "C" not null default ''`.execute(db)
    await fillKeys(db, table, text, key)
  }
  await sql`drop index people_tenant_name`.execute(db)
  await sql`create index people_tenant_name on people (tenant_id, name_key, id)`.execute(db)
  await sql`create index deals_tenant_title on deals (tenant_id, title_key, id)`.execute(db)
  await sql`analyze people`.execute(db)
  await sql`analyze deals`.execute(db)
}
