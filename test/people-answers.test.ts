// The v1 answers of people are made by the database as JSON text (http/raw-json.ts): they must be,
// byte for byte, what JSON.stringify makes of the same person read as an object, on SQLite and,
// with OUTPOST_TEST_DATABASE=postgres (npm run test:postgres), on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type Db } from '../src/server/db/connection'
import { RawJson, stringifyAnswer } from '../src/server/http/raw-json'
import { createWorkspace } from '../src/server/workspaces/service'
import {
  createPerson,
  getPerson,
  getPersonAnswer,
  listPeopleAnswers,
} from '../src/server/people/service'
import { freshTestDatabase, onPostgres } from './support/postgres'

const dir = mkdtempSync(join(tmpdir(), 'outpost-answer-'))
let db: Db
let dropDatabase = async () => {}
let tenantId = ''
beforeAll(async () => {
  if (onPostgres()) {
    const fresh = await freshTestDatabase()
    db = openDatabase(fresh.url)
    dropDatabase = fresh.drop
  } else db = openDatabase(join(dir, 'test.sqlite'))
  await migrateToLatest(db)
  tenantId = (await createWorkspace(db, 'Answers', new Date())).id
})
afterAll(async () => {
  await db.destroy()
  await dropDatabase()
  rmSync(dir, { recursive: true, force: true })
})

const awkward = 'Zoë "Z" O\'Neil \\ tab\there\nline\u0001\u001f\u007f / 😀 \u2028 end'

describe('a person answered by SQLite', () => {
  it('is the same text as the person read as an object, strange characters and all', async () => {
    const people = [
      await createPerson(db, tenantId, { fullName: 'Plain Person' }, new Date()),
      await createPerson(
        db,
        tenantId,
        {
          fullName: awkward,
          primaryEmail: 'zoe@example.com',
          primaryPhone: '+5511912345678',
          lifecycleStage: 'customer',
          leadSource: awkward,
          tags: ['vip', 'Zebra', 'açaí', awkward],
          customFields: {
            score: 12.5,
            nested: { list: [1, 'two', null, true], text: awkward },
            big: 12345678901234,
            tiny: 0.000001,
          },
        },
        new Date(),
      ),
    ]
    for (const person of people) {
      const answer = await getPersonAnswer(db, tenantId, person.id)
      expect(answer.text).toBe(JSON.stringify(await getPerson(db, tenantId, person.id)))
    }
  })

  it('makes a page whose text is that of its people as objects, in the list order', async () => {
    const page = await listPeopleAnswers(db, tenantId, { page: 1, pageSize: 10 })
    const objects = await Promise.all(
      page.data.map(async (item) => getPerson(db, tenantId, JSON.parse(stringifyAnswer(item)).id)),
    )
    expect(stringifyAnswer(page)).toBe(JSON.stringify({ ...page, data: objects }))
    expect(objects.map((person) => person.fullName)).toEqual([awkward, 'Plain Person'])
  })
})

describe('stringifyAnswer', () => {
  it('is JSON.stringify for values without made answers, markers in user text included', () => {
    const value = { a: [1, 'rawjson0', { b: null }], c: '"rawjsonx0"' }
    expect(stringifyAnswer(value)).toBe(JSON.stringify(value))
  })

  it('puts each made answer in place, alone, in lists of its own kind or mixed', () => {
    const made = (value: unknown) => new RawJson(JSON.stringify(value))
    const one = { id: 'a', tags: ['x'] }
    const two = { id: 'b', note: 'rawjson0 "quoted"' }
    const cases = [
      [made(one), one],
      [
        [made(one), made(two)],
        [one, two],
      ],
      [
        { data: [made(one), made(two)], total: 2 },
        { data: [one, two], total: 2 },
      ],
      [
        { data: [made(one), 3, null], empty: [] },
        { data: [one, 3, null], empty: [] },
      ],
      [{ nested: { data: [made(two)] } }, { nested: { data: [two] } }],
    ] as const
    for (const [answer, plain] of cases) expect(stringifyAnswer(answer)).toBe(JSON.stringify(plain))
  })
})
