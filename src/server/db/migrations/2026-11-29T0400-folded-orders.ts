import { sql, type Kysely } from 'kysely'

// Frozen in time: this migration must never import application code, and never change once released.

// People by name and deals by title were ordered by NOCASE, which folds A to Z only: in Portuguese
// or Spanish "Álvaro" and "Érica" came after "Zoe". Each row now keeps its name (title) folded as
// people search folds it, lower case without accents ("alvaro"), written with the row by the
// application (db/text-fold.ts), and the orders read that key's index. A column, not an index on an
// expression: the fold is JavaScript, and an index calling it would stop any other program (the
// sqlite3 shell, a backup tool) from writing to the table.
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

const keyed = [
  { table: 'people', text: 'full_name', key: 'name_key' },
  { table: 'deals', text: 'title', key: 'title_key' },
] as const

// Rows a statement: two values each, well under SQLite's limit of 32,766.
const batch = 500

async function fillKeys(db: Kysely<unknown>, table: string, text: string, key: string) {
  let after = 0
  for (;;) {
    const { rows } = await sql<{ rid: number; label: string }>`
      select rowid as rid, ${sql.ref(text)} as label from ${sql.table(table)}
      where rowid > ${after} order by rowid limit ${batch}`.execute(db)
    if (rows.length === 0) return
    const values = rows.map((row) => sql`(${row.rid}, ${fold(row.label)})`)
    await sql`with folded (rid, folded) as (values ${sql.join(values)})
      update ${sql.table(table)} set ${sql.ref(key)} = folded.folded
      from folded where ${sql.table(table)}.rowid = folded.rid`.execute(db)
    after = rows.at(-1)!.rid
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, text, key } of keyed) {
    // Not null, with a default, so a row another program inserts is still written (sorted first).
    await sql`alter table ${sql.table(table)} add column ${sql.ref(key)} text not null default ''`.execute(
      db,
    )
    await fillKeys(db, table, text, key)
  }
  await sql`drop index people_tenant_name`.execute(db)
  await sql`create index people_tenant_name on people (tenant_id, name_key, id)`.execute(db)
  await sql`create index deals_tenant_title on deals (tenant_id, title_key, id)`.execute(db)
}
