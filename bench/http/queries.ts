// The least work each workload needs, as prepared better-sqlite3 statements: served over HTTP by
// the floor app (floor.ts) and timed in-process for the "raw" figures (raw.ts). A write brings the
// search indexes up to date in its transaction, as Outpost's commits do (db/search-index-flush.ts):
// the file's triggers only note the change, and the indexes are part of the work.
import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { orderKey } from '../../src/server/db/text-fold'
import { flushSearchIndexes } from '../../src/server/db/search-index-flush'

type Row = { id: string; custom_fields: string } & Record<string, unknown>
type NewPerson = { fullName: string; primaryEmail?: string; tags?: string[] }

export function prepareQueries(db: BetterSqlite3.Database) {
  const tenantId = (db.prepare('select id from workspaces limit 1').get() as { id: string }).id
  const byId = db.prepare('select * from people where id = ?')
  const tagsOf = db.prepare('select tag from person_tags where person_id = ? order by position')
  const tagsOfPage = db.prepare(
    `select person_id, tag from person_tags
     where person_id in (select value from json_each(?)) order by person_id, position`,
  )
  const offsetPage = db.prepare(
    `select * from people where tenant_id = ? order by created_at desc, id desc limit ? offset ?`,
  )
  const keysetPage = db.prepare(
    `select * from people where tenant_id = ? and (created_at, id) < (?, ?)
     order by created_at desc, id desc limit ?`,
  )
  // A name is written with the key it is ordered by (db/text-fold.ts orderKey), as Outpost writes it:
  // without it the floor would skip the name order's index.
  const insertPerson = db.prepare(
    `insert into people (id, tenant_id, full_name, name_key, primary_email, custom_fields,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, '{}', ?, ?)`,
  )
  const insertTag = db.prepare('insert into person_tags values (?, ?, ?, ?)')
  const updateName = db.prepare(
    'update people set full_name = ?, name_key = ?, updated_at = ? where id = ?',
  )
  // An inbound delivery at its least: the person with this e-mail, created or renamed.
  const upsertByEmail = db.prepare(
    `insert into people (id, tenant_id, full_name, name_key, primary_email, custom_fields,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, '{}', ?, ?)
     on conflict (tenant_id, primary_email) where primary_email is not null
     do update set full_name = excluded.full_name, name_key = excluded.name_key,
       updated_at = excluded.updated_at`,
  )

  const createPerson = db.transaction((body: NewPerson) => {
    const id = randomUUID()
    const at = new Date().toISOString()
    insertPerson.run(
      ...[id, tenantId, body.fullName, orderKey(body.fullName), body.primaryEmail ?? null, at, at],
    )
    body.tags?.forEach((tag, position) => insertTag.run(tenantId, id, tag, position))
    flushSearchIndexes(db)
    return { id, ...body }
  })

  const rename = db.transaction((id: string, fullName: string) => {
    updateName.run(fullName, orderKey(fullName), new Date().toISOString(), id)
    flushSearchIndexes(db)
  })
  const upsert = db.transaction((fullName: string, email: string) => {
    const at = new Date().toISOString()
    upsertByEmail.run(randomUUID(), tenantId, fullName, orderKey(fullName), email, at, at)
    flushSearchIndexes(db)
  })

  const answer = (row: Row, tags: string[]) => ({
    ...row,
    tags,
    custom_fields: JSON.parse(row.custom_fields) as unknown,
  })
  function withTags(rows: Row[]) {
    const tags = new Map<string, string[]>()
    const found = tagsOfPage.all(JSON.stringify(rows.map((row) => row.id))) as {
      person_id: string
      tag: string
    }[]
    for (const { person_id, tag } of found)
      tags.set(person_id, [...(tags.get(person_id) ?? []), tag])
    return rows.map((row) => answer(row, tags.get(row.id) ?? []))
  }

  return {
    getPerson(id: string) {
      const row = byId.get(id) as Row | undefined
      return (
        row &&
        answer(
          row,
          (tagsOf.all(row.id) as { tag: string }[]).map((t) => t.tag),
        )
      )
    },
    offsetPage: (pageSize: number, offset: number) =>
      withTags(offsetPage.all(tenantId, pageSize, offset) as Row[]),
    keysetPage: (createdAt: string, id: string, pageSize: number) =>
      withTags(keysetPage.all(tenantId, createdAt, id, pageSize) as Row[]),
    createPerson: (body: NewPerson): NewPerson & { id: string } => createPerson(body),
    rename: (id: string, fullName: string): void => rename(id, fullName),
    upsertByEmail: (fullName: string, email: string): void => upsert(fullName, email),
  }
}

export type Queries = ReturnType<typeof prepareQueries>
