// The random-operation property of issue 17, point 5: three replicas on their own files and the
// team server, each writing while the others do, with clocks a day fast or slow, syncing in any
// order; once all have synced, every copy holds the same records as the server.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/server/http/errors'
import { createPerson, deletePerson, updatePerson } from '../../src/server/people/service'
import { createDeal, deleteDeal, updateDeal } from '../../src/server/deals/service'
import type { Db } from '../../src/server/db/connection'
import { listLostReasons } from '../../src/server/lost-reasons/service'
import { listPipelines } from '../../src/server/pipelines/service'
import { startTestServer, type TestServer } from '../support/server'
import {
  activitiesOf,
  companiesOf,
  dealsOf,
  notesOf,
  peopleOf,
  savedViewsOf,
  startReplica,
  type Replica,
} from './support'
import { createNote, deleteNote, updateNote } from '../../src/server/notes/service'
import { createCompany, deleteCompany } from '../../src/server/companies/service'
import {
  createSavedView,
  deleteSavedView,
  updateSavedView,
} from '../../src/server/saved-views/service'
import { createActivity, deleteActivity, updateActivity } from '../../src/server/activities/service'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
let runs = 0
afterAll(() => server.close())

const day = 24 * 3_600_000
const fields = ['fullName', 'leadSource', 'primaryPhone', 'tags', 'primaryEmail'] as const

// Two addresses only, so that creations sharing one (rule 4) and e-mails taken are common.
const email = fc.constantFrom('one@sync.test', 'two@sync.test', null)
const value = (field: (typeof fields)[number]) =>
  field === 'tags'
    ? fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 2 })
    : field === 'primaryPhone'
      ? fc.constantFrom('+5511900000001', '+5511900000002', null)
      : field === 'primaryEmail'
        ? email
        : fc.constantFrom('x', 'y', 'z')

const who = fc.integer({ min: 0, max: 3 }) // 3: the server itself, as its REST API writes
const operation = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), who, email, name: fc.constantFrom('A', 'B') }),
  fc.constantFrom(...fields).chain((field) =>
    fc.record({
      kind: fc.constant('update' as const),
      who,
      pick: fc.nat(),
      field: fc.constant(field),
      value: value(field),
    }),
  ),
  fc.record({ kind: fc.constant('delete' as const), who, pick: fc.nat() }),
  // Deals: made in any stage (a lost one with a reason), for a person or none; moved across the
  // board; renamed or revalued; deleted.
  fc.record({ kind: fc.constant('createDeal' as const), who, stage: fc.nat(5), person: fc.nat() }),
  fc.record({ kind: fc.constant('moveDeal' as const), who, pick: fc.nat(), stage: fc.nat(5) }),
  fc.record({
    kind: fc.constant('editDeal' as const),
    who,
    pick: fc.nat(),
    title: fc.constantFrom('p', 'q', undefined),
    value: fc.constantFrom(10, 20, undefined),
  }),
  fc.record({ kind: fc.constant('deleteDeal' as const), who, pick: fc.nat() }),
  // Companies: made on two shared domains (rule 4 again), people linked to them, deleted.
  fc.record({
    kind: fc.constant('createCompany' as const),
    who,
    domain: fc.constantFrom('one.sync.test', 'two.sync.test', null),
  }),
  fc.record({ kind: fc.constant('linkCompany' as const), who, pick: fc.nat(), company: fc.nat() }),
  fc.record({ kind: fc.constant('deleteCompany' as const), who, pick: fc.nat() }),
  // Notes on people: written, edited (text or pin), deleted.
  fc.record({ kind: fc.constant('createNote' as const), who, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('editNote' as const),
    who,
    pick: fc.nat(),
    body: fc.constantFrom('n1', 'n2', undefined),
    pinned: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('deleteNote' as const), who, pick: fc.nat() }),
  // Activities with people: scheduled (some repeating), moved, marked done or not, given other
  // people, deleted.
  fc.record({
    kind: fc.constant('createActivity' as const),
    who,
    pick: fc.nat(),
    repeat: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('editActivity' as const),
    who,
    pick: fc.nat(),
    change: fc.oneof(
      fc.record({ done: fc.boolean() }),
      fc.record({ dueDate: fc.constantFrom('2026-12-01', '2026-12-02') }),
      fc.record({ dueTime: fc.constantFrom('09:00', '17:00', null) }),
      fc.record({ subject: fc.constantFrom('s1', 's2') }),
    ),
    person: fc.nat(),
  }),
  fc.record({ kind: fc.constant('deleteActivity' as const), who, pick: fc.nat() }),
  // Saved views on two names and both lists (rule 4 within a list), their filters changed, deleted.
  fc.record({
    kind: fc.constant('createView' as const),
    who,
    name: fc.constantFrom('v1', 'v2'),
    resource: fc.constantFrom('deals' as const, 'people' as const),
  }),
  fc.record({
    kind: fc.constant('editView' as const),
    who,
    pick: fc.nat(),
    query: fc.constantFrom('q1', 'q2'),
  }),
  fc.record({ kind: fc.constant('deleteView' as const), who, pick: fc.nat() }),
  fc.record({ kind: fc.constant('sync' as const), who: fc.integer({ min: 0, max: 2 }) }),
)

/** The stage of the workspace's pipeline at `index`, and what a move into it needs. */
async function stageAt(db: Db, tenantId: string, index: number) {
  const pipeline = (await listPipelines(db, tenantId, { page: 1, pageSize: 1 })).data[0]!
  const stage = pipeline.stages[index % pipeline.stages.length]!
  const reasons = await listLostReasons(db, tenantId, { page: 1, pageSize: 1 })
  return {
    pipelineId: pipeline.id,
    stageId: stage.id,
    lostReasonId: stage.type === 'lost' ? reasons.data[0]!.id : undefined,
  }
}

describe('replicas converge whatever happens in between', () => {
  it('every copy equals the server after all have synced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 5, maxLength: 25 }),
        fc.array(fc.integer({ min: -day, max: day }), { minLength: 3, maxLength: 3 }),
        async (operations, skews) => {
          const replicas: Replica[] = []
          // Each run on a workspace of its own, so that a counterexample replays alone.
          const workspace = await server.otherWorkspace(`Run ${++runs}`)
          const tenantId = workspace.tenantId
          // Hundreds of sync calls a minute: the token's limit is lifted, as a busy team's would be.
          await workspace.admin.patch('/api/app/v1/workspace', { rateLimitPerMinute: 100_000 })
          try {
            for (let i = 0; i < 3; i++) replicas.push(await startReplica(server, workspace.token))
            const at = (i: number) => new Date(Date.now() + (i < 3 ? skews[i]! : 0))
            const dbOf = (i: number) => (i < 3 ? replicas[i]!.db : server.db)
            for (const op of operations) {
              try {
                if (op.kind === 'sync') {
                  await replicas[op.who]!.sync(at(op.who))
                  continue
                }
                const db = dbOf(op.who)
                if (op.kind === 'create') {
                  await createPerson(
                    db,
                    tenantId,
                    { fullName: op.name, primaryEmail: op.email },
                    at(op.who),
                  )
                  continue
                }
                if (op.kind === 'createNote') {
                  const people = await peopleOf(db, tenantId)
                  if (people.length === 0) continue
                  const personId = people[op.pick % people.length]!.id
                  await createNote(db, tenantId, { body: 'n', personId }, at(op.who))
                  continue
                }
                if (op.kind === 'editNote' || op.kind === 'deleteNote') {
                  const notes = await notesOf(db, tenantId)
                  if (notes.length === 0) continue
                  const target = notes[op.pick % notes.length]!
                  if (op.kind === 'deleteNote')
                    await deleteNote(db, tenantId, target.id, at(op.who))
                  else {
                    const { body, pinned } = op
                    await updateNote(db, tenantId, target.id, { body, pinned }, at(op.who))
                  }
                  continue
                }
                if (op.kind === 'createActivity') {
                  const people = await peopleOf(db, tenantId)
                  const person = people[op.pick % (people.length + 1)]
                  await createActivity(
                    db,
                    tenantId,
                    {
                      type: 'call',
                      subject: 's',
                      dueDate: '2026-12-01',
                      recurrence: op.repeat ? 'weekly' : null,
                      personIds: person ? [person.id] : [],
                    },
                    at(op.who),
                  )
                  continue
                }
                if (op.kind === 'editActivity' || op.kind === 'deleteActivity') {
                  const activities = await activitiesOf(db, tenantId)
                  if (activities.length === 0) continue
                  const target = activities[op.pick % activities.length]!
                  if (op.kind === 'deleteActivity') {
                    await deleteActivity(db, tenantId, target.id, at(op.who))
                    continue
                  }
                  const people = await peopleOf(db, tenantId)
                  const person = people[op.person % (people.length + 1)]
                  const personIds = person ? [person.id] : undefined
                  const change = { ...op.change, personIds }
                  await updateActivity(db, tenantId, target.id, change, at(op.who))
                  continue
                }
                if (op.kind === 'createView') {
                  const { name, resource } = op
                  await createSavedView(db, tenantId, { name, resource, query: 'q' }, at(op.who))
                  continue
                }
                if (op.kind === 'editView' || op.kind === 'deleteView') {
                  const views = await savedViewsOf(db, tenantId)
                  if (views.length === 0) continue
                  const target = views[op.pick % views.length]!
                  if (op.kind === 'deleteView') {
                    await deleteSavedView(db, tenantId, target.id, at(op.who))
                  } else {
                    await updateSavedView(db, tenantId, target.id, { query: op.query }, at(op.who))
                  }
                  continue
                }
                if (op.kind === 'createCompany') {
                  await createCompany(db, tenantId, { name: 'c', domain: op.domain }, at(op.who))
                  continue
                }
                if (op.kind === 'linkCompany' || op.kind === 'deleteCompany') {
                  const companies = await companiesOf(db, tenantId)
                  const people = await peopleOf(db, tenantId)
                  if (companies.length === 0) continue
                  if (op.kind === 'deleteCompany') {
                    const target = companies[op.pick % companies.length]!
                    await deleteCompany(db, tenantId, target.id, at(op.who))
                  } else if (people.length > 0) {
                    const person = people[op.pick % people.length]!
                    const companyId = companies[op.company % companies.length]!.id
                    await updatePerson(db, tenantId, person.id, { companyId }, at(op.who))
                  }
                  continue
                }
                if (op.kind === 'createDeal' || op.kind === 'moveDeal') {
                  const place = await stageAt(db, tenantId, op.stage)
                  if (op.kind === 'moveDeal') {
                    const deals = await dealsOf(db, tenantId)
                    const { pipelineId: _, ...move } = place
                    if (deals.length > 0) {
                      const target = deals[op.pick % deals.length]!
                      await updateDeal(db, tenantId, target.id, move, at(op.who))
                    }
                    continue
                  }
                  const people = await peopleOf(db, tenantId)
                  const person = people[op.person % (people.length + 1)]
                  await createDeal(
                    db,
                    tenantId,
                    {
                      title: 'd',
                      value: 1,
                      currency: 'BRL',
                      primaryPersonId: person?.id,
                      ...place,
                    },
                    at(op.who),
                  )
                  continue
                }
                if (op.kind === 'editDeal' || op.kind === 'deleteDeal') {
                  const deals = await dealsOf(db, tenantId)
                  if (deals.length === 0) continue
                  const target = deals[op.pick % deals.length]!
                  if (op.kind === 'deleteDeal')
                    await deleteDeal(db, tenantId, target.id, at(op.who))
                  else {
                    const { title, value } = op
                    await updateDeal(db, tenantId, target.id, { title, value }, at(op.who))
                  }
                  continue
                }
                const people = await peopleOf(db, tenantId)
                if (people.length === 0) continue
                const target = people[op.pick % people.length]!
                if (op.kind === 'delete') await deletePerson(db, tenantId, target.id, at(op.who))
                else {
                  await updatePerson(db, tenantId, target.id, { [op.field]: op.value }, at(op.who))
                }
              } catch (error) {
                // What the copy itself refuses (an e-mail it already has) is no change at all.
                if (!(error instanceof ApiError)) throw error
              }
            }
            // Healing: everyone syncs until nothing moves (a merge's joined tags take a round).
            for (let round = 0; round < 3; round++) {
              for (const [i, replica] of replicas.entries()) await replica.sync(at(i))
            }
            const expected = await peopleOf(server.db, tenantId)
            const deals = await dealsOf(server.db, tenantId)
            const companies = await companiesOf(server.db, tenantId)
            const notes = await notesOf(server.db, tenantId)
            const activities = await activitiesOf(server.db, tenantId)
            const views = await savedViewsOf(server.db, tenantId)
            for (const replica of replicas) {
              expect(await savedViewsOf(replica.db, tenantId)).toEqual(views)
              expect(await activitiesOf(replica.db, tenantId)).toEqual(activities)
              expect(await notesOf(replica.db, tenantId)).toEqual(notes)
              expect(await companiesOf(replica.db, tenantId)).toEqual(companies)
              expect(await peopleOf(replica.db, tenantId)).toEqual(expected)
              expect(await dealsOf(replica.db, tenantId)).toEqual(deals)
            }
          } finally {
            await Promise.all(replicas.map((replica) => replica.close()))
          }
        },
      ),
      { numRuns: 20 },
    )
  }, 300_000)
})
