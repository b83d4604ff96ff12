// A team server (SQLite here, PostgreSQL under `npm run test:postgres`) and replicas on their own
// SQLite files, syncing over HTTP: the rules of docs/sync-protocol.md, each seen end to end.
import { describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { formatHlc } from '../../src/shared/sync/hlc'
import { createApiToken } from '../../src/server/auth/service'
import { createCompany } from '../../src/server/companies/service'
import { createNote } from '../../src/server/notes/service'
import { createPerson, deletePerson, updatePerson } from '../../src/server/people/service'
import { signedInMember } from '../support/accounts'
import { createTestClock } from '../support/clock'
import { replicaStatus } from '../../src/server/sync/replica'
import { syncServer } from '../../src/server/sync/server-client'
import { Unreachable } from '../../src/server/sync/sync-errors'
import { peopleOf, teamWithReplicas, waitingIn, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const minutes = (n: number) => new Date(Date.now() + n * 60_000)
const hours = (n: number) => minutes(n * 60)

const expectSameEverywhere = (...copies: Replica[]) => team.expectSame(peopleOf, ...copies)

describe('sync between a team server and its replicas', () => {
  it("connecting loads the workspace's people with their ids, and later changes both ways", async () => {
    const { body: before } = await team.server.api.post('/api/v1/people', {
      fullName: 'Before Connect',
      primaryEmail: 'before@sync.test',
      tags: ['vip'],
    })
    const laptop = await replica()
    expect(laptop.tenantId).toBe(team.server.tenantId)
    expect((await peopleOf(laptop.db, laptop.tenantId)).map((p) => p.id)).toContain(before.id)

    const made = await createPerson(
      laptop.db,
      laptop.tenantId,
      { fullName: 'Made Offline', tags: ['a'] },
      new Date(),
    )
    expect(await waitingIn(laptop.db)).toBe(1)
    expect((await replicaStatus(laptop.db)).waiting).toBe(1)
    await team.server.api.patch(`/api/v1/people/${before.id}`, { primaryPhone: '+5511912345678' })

    const report = await laptop.sync()
    expect(report.pushed).toBe(1)
    expect(report.rejected).toEqual([])
    expect(await waitingIn(laptop.db)).toBe(0)
    expect((await team.server.api.get(`/api/v1/people/${made.id}`)).body.fullName).toBe(
      'Made Offline',
    )
    const people = await expectSameEverywhere(laptop)
    expect(people.find((p) => p.id === before.id)!.primaryPhone).toBe('+5511912345678')
    expect((await replicaStatus(laptop.db)).state).toBe('synced')
    // Idle rounds pull nothing and need no snapshot: their cursor stays good.
    for (let i = 0; i < 2; i++) {
      expect(await laptop.sync()).toMatchObject({ pushed: 0, pulled: 0, resnapshot: false })
    }
  })

  it('edits of different fields of one person on two laptops both survive', async () => {
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Bruno' })
    const [a, b] = [await replica(), await replica()]
    await updatePerson(a.db, a.tenantId, person.id, { fullName: 'Bruno Costa' }, hours(1))
    await updatePerson(b.db, b.tenantId, person.id, { primaryPhone: '+5511900000001' }, hours(2))
    await a.sync(hours(1))
    await b.sync(hours(2))
    await a.sync(hours(3))
    const people = await expectSameEverywhere(a, b)
    expect(people.find((p) => p.id === person.id)).toMatchObject({
      fullName: 'Bruno Costa',
      primaryPhone: '+5511900000001',
    })
  })

  it('a same-field conflict goes to the later clock, whichever laptop pushes first', async () => {
    // A server of its own: one whose clock a capped push moved ahead (the test above) orders
    // edits made within that lead by counter and node, as a hybrid logical clock must.
    await team.ownServer()
    for (const laterPushesFirst of [true, false]) {
      const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Carla' })
      const [early, late] = [await replica(), await replica()]
      // A minute apart, within the drift the server believes (no capping).
      await updatePerson(early.db, early.tenantId, person.id, { leadSource: 'early' }, minutes(1))
      await updatePerson(late.db, late.tenantId, person.id, { leadSource: 'late' }, minutes(2))
      const order = laterPushesFirst ? [late, early] : [early, late]
      for (const copy of order) await copy.sync()
      for (const copy of order) await copy.sync()
      const people = await expectSameEverywhere(early, late)
      expect(people.find((p) => p.id === person.id)!.leadSource).toBe('late')
      await team.closeReplicas()
    }
  })

  it('a delete beats a later edit; the edit is refused with its reason and still settles', async () => {
    const { body: person } = await team.server.api.post('/api/v1/people', {
      fullName: 'Deleted Dan',
    })
    const [a, b] = [await replica(), await replica()]
    await deletePerson(a.db, a.tenantId, person.id, hours(-2))
    await updatePerson(b.db, b.tenantId, person.id, { fullName: 'Dan Edited' }, hours(-1))
    await a.sync()
    const report = await b.sync()
    expect(report.rejected).toEqual([{ seq: 1, reason: expect.stringMatching(/^deleted/) }])
    expect(await waitingIn(b.db)).toBe(0)
    await a.sync()
    const people = await expectSameEverywhere(a, b)
    expect(people.map((p) => p.id)).not.toContain(person.id)
  })

  it('a replica of a schema the server does not speak is told what to upgrade, and keeps its outbox', async () => {
    const laptop = await replica()
    await createPerson(laptop.db, laptop.tenantId, { fullName: 'Kept For Later' }, new Date())
    const as = (schemaVersion: string) => (url: string, token: string) =>
      syncServer(url, token, schemaVersion)
    // Older than the first schema that syncs: 426, upgrade this Outpost.
    await expect(laptop.sync(new Date(), as('2026-11-25T1930-accounts-roles'))).rejects.toThrow(
      /too old to sync with the team server: upgrade it/,
    )
    expect(await replicaStatus(laptop.db)).toMatchObject({
      state: 'error',
      waiting: 1,
      error: expect.stringContaining('upgrade_required'),
    })
    // Newer than the server: 409, upgrade the server.
    await expect(laptop.sync(new Date(), as('2099-01-01T0000-from-the-future'))).rejects.toThrow(
      /older Outpost than this replica: upgrade the server/,
    )
    expect(await waitingIn(laptop.db)).toBe(1)
    expect(
      (await peopleOf(team.server.db, team.server.tenantId)).map((p) => p.fullName),
    ).not.toContain('Kept For Later')
    // Upgraded: the change waiting goes, once.
    expect(await laptop.sync()).toMatchObject({ pushed: 1, rejected: [] })
    await expectSameEverywhere(laptop)
  })

  it('a push whose answer was lost is sent again and creates no duplicate', async () => {
    const laptop = await replica()
    await createPerson(laptop.db, laptop.tenantId, { fullName: 'Only Once' }, new Date())
    // The server commits the push, then the answer never arrives.
    const losingAnswers = (url: string, token: string) => {
      const real = syncServer(url, token)
      return {
        ...real,
        push: async (body: Parameters<typeof real.push>[0]) => {
          await real.push(body)
          throw new Unreachable('the connection was cut after the server committed')
        },
      }
    }
    await expect(laptop.sync(new Date(), losingAnswers)).rejects.toThrow(Unreachable)
    expect((await replicaStatus(laptop.db)).state).toBe('offline')
    expect(await waitingIn(laptop.db)).toBe(1)
    await laptop.sync()
    const named = (await peopleOf(team.server.db, team.server.tenantId)).filter(
      (p) => p.fullName === 'Only Once',
    )
    expect(named).toHaveLength(1)
    await expectSameEverywhere(laptop)
  })

  it('a laptop whose clock runs a day ahead wins no conflict it would not have won at push time', async () => {
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Eva' })
    const [fast, slow] = [await replica(), await replica()]
    await updatePerson(fast.db, fast.tenantId, person.id, { leadSource: 'fast clock' }, hours(24))
    await fast.sync(hours(24))
    // Capped at the server's time plus 5 minutes, the fast edit loses to one made an hour later.
    await updatePerson(slow.db, slow.tenantId, person.id, { leadSource: 'an hour later' }, hours(1))
    await slow.sync(hours(1))
    await fast.sync(hours(24))
    const people = await expectSameEverywhere(fast, slow)
    expect(people.find((p) => p.id === person.id)!.leadSource).toBe('an hour later')
  })
})

describe('two laptops creating one e-mail (rule 4)', () => {
  for (const earlierPushesFirst of [true, false]) {
    it(`converge on the person created first, ${earlierPushesFirst ? 'pushed first' : 'pushed last'}`, async () => {
      // A server of its own: clocks another test moved ahead would order the creations by
      // counter and node rather than by the minute between them.
      await team.ownServer()
      const [a, b] = [await replica(), await replica()]
      const email = `same-${earlierPushesFirst}@sync.test`
      const earlier = await createPerson(
        a.db,
        a.tenantId,
        { fullName: 'Ana Earlier', primaryEmail: email, tags: ['from-a'] },
        minutes(1),
      )
      const later = await createPerson(
        b.db,
        b.tenantId,
        {
          fullName: 'Ana Later',
          primaryEmail: email,
          primaryPhone: '+5511900000009',
          tags: ['from-b'],
        },
        minutes(2),
      )
      const order = earlierPushesFirst ? [a, b] : [b, a]
      for (const copy of order) await copy.sync()
      for (const copy of order) await copy.sync()
      const people = await expectSameEverywhere(a, b)
      const named = people.filter((p) => p.primaryEmail === email)
      expect(named).toHaveLength(1)
      expect(named[0]).toMatchObject({
        id: earlier.id,
        // Each field by its clock: the later creation's name and phone are newer.
        fullName: 'Ana Later',
        primaryPhone: '+5511900000009',
        tags: expect.arrayContaining(['from-a', 'from-b']),
      })
      // The merged id lives on as the survivor: a later edit addressed to it lands there.
      await updatePerson(
        b.db,
        b.tenantId,
        earlier.id,
        { leadSource: 'after the merge' },
        minutes(3),
      )
      void later
      await b.sync()
      await a.sync()
      const after = await expectSameEverywhere(a, b)
      expect(after.find((p) => p.id === earlier.id)!.leadSource).toBe('after the merge')
      // The person's timeline tells of the merge.
      const notes = await team.server.api.get(`/api/v1/notes?personId=${earlier.id}`)
      expect(notes.body.data.map((note: { body: string }) => note.body).join()).toMatch(
        /Merged with/,
      )
    })
  }

  it('a laptop a day fast keeps its edit after its creation when the creation is merged', async () => {
    // A server whose clock stands still: every capped clock of the fast laptop falls in one
    // millisecond, as several do on a fast team.server.
    await team.ownServer({ clock: createTestClock(new Date()) })
    const [a, fast] = [await replica(), await replica()]
    const email = 'fast-merge@sync.test'
    const earlier = await createPerson(
      a.db,
      a.tenantId,
      { fullName: 'Rita', primaryEmail: email, leadSource: 'from a' },
      minutes(-60),
    )
    await a.sync()
    // Each of the fast laptop's writes is capped to the server's time on arrival. Its first
    // person is made and deleted, its second made again with the e-mail and edited: both creations
    // merge into the earlier person, and the edit must still come after them there.
    const first = await createPerson(
      fast.db,
      fast.tenantId,
      { fullName: 'Rita', primaryEmail: email },
      hours(24),
    )
    await deletePerson(fast.db, fast.tenantId, first.id, hours(24))
    const later = await createPerson(
      fast.db,
      fast.tenantId,
      { fullName: 'Rita', primaryEmail: email },
      hours(24),
    )
    await updatePerson(fast.db, fast.tenantId, later.id, { leadSource: 'edited' }, hours(24))
    await fast.sync(hours(24))
    await a.sync()
    const people = await expectSameEverywhere(a, fast)
    expect(people.filter((p) => p.primaryEmail === email)).toEqual([
      expect.objectContaining({ id: earlier.id, leadSource: 'edited' }),
    ])
  })

  it('a laptop a little fast, its creation merged, takes the merge as the server made it', async () => {
    const clock = createTestClock(new Date())
    await team.ownServer({ clock })
    const [first, fast, faster] = [await replica(), await replica(), await replica()]
    const email = 'little-fast@sync.test'
    // Each laptop makes a person of the e-mail, `ms` ahead of the time, and pushes it.
    const makeAndPush = async (copy: Replica, fullName: string, ms: number) => {
      const at = new Date(Date.now() + ms)
      await createPerson(copy.db, copy.tenantId, { fullName, primaryEmail: email }, at)
      await copy.sync(at)
    }
    await makeAndPush(first, 'First', 0)
    // Just past the five minutes the server believes: the fast laptop's clock is capped on
    // arrival, while its own copy of the merge would still go by the clock it wrote.
    await makeAndPush(fast, 'Fast', 300_023)
    clock.advance(1)
    await makeAndPush(faster, 'Faster', 335_238)
    for (const copy of [fast, first, faster]) await copy.sync()
    const people = await expectSameEverywhere(first, fast, faster)
    expect(people.filter((p) => p.primaryEmail === email)).toEqual([
      expect.objectContaining({ fullName: 'Faster' }),
    ])
  })
})

describe('permissions hold offline', () => {
  it('a read-only member’s replica refuses writes itself, and the server refuses forged ones', async () => {
    const { member } = await signedInMember(team.server, 'reader@sync.test', 'read-only')
    const { token } = await createApiToken(
      team.server.db,
      team.server.tenantId,
      { name: 'reader laptop', scope: 'api' },
      new Date(),
      member.id,
    )
    await team.server.api.post('/api/v1/people', { fullName: 'Someone To Note' })
    const laptop = await team.replica(token)
    await expect(
      createPerson(laptop.db, laptop.tenantId, { fullName: 'Not Allowed' }, new Date()),
    ).rejects.toMatchObject({ code: 'forbidden' })
    // Records that do not sync yet are held to the role too.
    const [someone] = await peopleOf(laptop.db, laptop.tenantId)
    await expect(
      createNote(
        laptop.db,
        laptop.tenantId,
        { body: 'Not allowed either', personId: someone!.id },
        new Date(),
      ),
    ).rejects.toMatchObject({ code: 'forbidden' })
    // And records that record no event: a company.
    await expect(
      createCompany(laptop.db, laptop.tenantId, { name: 'Not Allowed Inc' }, new Date()),
    ).rejects.toMatchObject({ code: 'forbidden' })
    expect(await waitingIn(laptop.db)).toBe(0)

    // A push made by hand with the same token: each mutation refused, and settled.
    const answer = await syncServer(team.server.url, token).push({
      clientId: 'forged0000000001',
      mutations: [
        {
          seq: 1,
          table: 'people',
          id: randomUUID(),
          op: 'upsert',
          fields: { fullName: 'Forged' },
          hlc: formatHlc({ ms: Date.now(), counter: 0, node: 'forged0000000001' }),
        },
      ],
    })
    expect(answer).toMatchObject({
      lastSeq: 1,
      rejected: [{ seq: 1, reason: 'forbidden: records.write' }],
    })
    expect(
      (await peopleOf(team.server.db, team.server.tenantId)).map((p) => p.fullName),
    ).not.toContain('Forged')
    // Reading still syncs.
    await team.server.api.post('/api/v1/people', { fullName: 'Seen By The Reader' })
    await laptop.sync()
    expect((await peopleOf(laptop.db, laptop.tenantId)).map((p) => p.fullName)).toContain(
      'Seen By The Reader',
    )
  })
})

describe('a replica far behind', () => {
  it('pushes its changes, then loads a new snapshot once the log it needs was pruned', async () => {
    const clock = createTestClock(new Date())
    await team.ownServer({ clock })
    const laptop = await replica()
    const { body: early } = await team.server.api.post('/api/v1/people', {
      fullName: 'Early Change',
    })
    // Forty days on: the server has pruned the events the laptop has not read.
    clock.advance(40 * 24 * 3_600_000)
    await team.server.api.patch(`/api/v1/people/${early.id}`, { leadSource: 'much later' })
    expect(await team.server.eventPruner.runNow()).toBeGreaterThan(0)
    const offline = await createPerson(
      laptop.db,
      laptop.tenantId,
      { fullName: 'Made Offline Meanwhile' },
      clock.now(),
    )

    const report = await laptop.sync(clock.now())
    expect(report).toMatchObject({ pushed: 1, resnapshot: true })
    const people = await expectSameEverywhere(laptop)
    expect(people.map((p) => p.id)).toEqual(expect.arrayContaining([early.id, offline.id]))
    expect(people.find((p) => p.id === early.id)!.leadSource).toBe('much later')
    // The new cursor is inside the kept log: the next round pulls, with no snapshot again.
    expect(await laptop.sync(clock.now())).toMatchObject({ resnapshot: false })
  })
})
