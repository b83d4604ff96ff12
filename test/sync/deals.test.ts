// Deals sync as people do, and the workspace's settings (users, pipelines and stages, lost
// reasons, currencies) come from the team server: the board works offline on a replica, and
// every copy ends with the same deals (docs/sync-protocol.md, sections 2, 5 and 6).
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/server/http/errors'
import { createDeal, deleteDeal, updateDeal } from '../../src/server/deals/service'
import { createLostReason } from '../../src/server/lost-reasons/service'
import { addStage, listPipelines } from '../../src/server/pipelines/service'
import { createUser } from '../../src/server/users/service'
import { createPerson, deletePerson } from '../../src/server/people/service'
import { enableCurrency } from '../../src/server/currencies/service'
import { readSettings } from '../../src/server/sync/workspace-settings'
import { dealsOf, teamWithReplicas, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const minutes = (n: number) => new Date(Date.now() + n * 60_000)
const hours = (n: number) => minutes(n * 60)

const expectSameDeals = (...copies: Replica[]) => team.expectSame(dealsOf, ...copies)

/** The server's first pipeline, its stages by type, and a lost reason. */
async function board() {
  const pipeline = (
    await listPipelines(team.server.db, team.server.tenantId, { page: 1, pageSize: 10 })
  ).data[0]!
  const stage = (type: string) => pipeline.stages.find((s) => s.type === type)!.id
  const { body: reasons } = await team.server.admin.get('/api/app/v1/lost-reasons')
  return {
    pipelineId: pipeline.id,
    open: stage('open'),
    won: stage('won'),
    lost: stage('lost'),
    reason: (reasons as { data: { id: string }[] }).data[0]!.id,
  }
}

describe('deals on replicas', () => {
  it("a replica takes the server's settings and deals with their ids, and its offline deals reach the server", async () => {
    const { pipelineId, open, won } = await board()
    const { body: owner } = await team.server.admin.post('/api/app/v1/users', {
      name: 'Olga Owner',
      email: 'olga@sync.test',
    })
    const { body: before } = await team.server.api.post('/api/v1/deals', {
      title: 'Before Connect',
      value: 1200,
      pipelineId,
      stageId: open,
      ownerId: owner.id,
      tags: ['big'],
    })
    const laptop = await replica()
    expect(await readSettings(laptop.db, laptop.tenantId)).toEqual(
      await readSettings(team.server.db, team.server.tenantId),
    )
    await expectSameDeals(laptop)

    // Offline: a new deal, and the old one won (the board's drag), closed at the laptop's time.
    const at = hours(-1)
    const made = await createDeal(
      laptop.db,
      laptop.tenantId,
      { title: 'Made Offline', value: 300, currency: 'BRL', pipelineId, stageId: open },
      at,
    )
    const moved = await updateDeal(laptop.db, laptop.tenantId, before.id, { stageId: won }, at)
    expect(moved.closedAt).toBe(at.toISOString())
    const report = await laptop.sync()
    expect(report).toMatchObject({ pushed: 2, rejected: [] })
    const deals = await expectSameDeals(laptop)
    expect(deals.find((d) => d.id === before.id)).toMatchObject({
      stageId: won,
      closedAt: at.toISOString(),
      ownerId: owner.id,
      tags: ['big'],
    })
    expect((await team.server.api.get(`/api/v1/deals/${made.id}`)).body).toMatchObject({
      title: 'Made Offline',
      createdAt: at.toISOString(),
    })
  })

  it('a move to a stage wins or loses whole: its lost reason and time of closing go with it', async () => {
    await team.ownServer()
    const { pipelineId, open, won, lost, reason } = await board()
    const { body: deal } = await team.server.api.post('/api/v1/deals', {
      title: 'Contested',
      value: 5000,
      pipelineId,
      stageId: open,
    })
    const [a, b] = [await replica(), await replica()]
    // Laptop a loses it for a reason; laptop b, a minute later, wins it and renames it; then a
    // changes its value. Minutes apart, within the drift the server believes (no capping).
    const wonAt = minutes(2)
    await updateDeal(a.db, a.tenantId, deal.id, { stageId: lost, lostReasonId: reason }, minutes(1))
    await updateDeal(b.db, b.tenantId, deal.id, { stageId: won, title: 'Contested, won' }, wonAt)
    await updateDeal(a.db, a.tenantId, deal.id, { value: 7000 }, minutes(3))
    await b.sync()
    await a.sync()
    await b.sync()
    const deals = await expectSameDeals(a, b)
    expect(deals.find((d) => d.id === deal.id)).toMatchObject({
      stageId: won,
      lostReasonId: null,
      closedAt: wonAt.toISOString(),
      title: 'Contested, won',
      value: 7000,
    })
  })

  it("a later change of a lost deal's reason carries the stage it saw: the later decision wins whole", async () => {
    await team.ownServer()
    const { pipelineId, open, won, lost, reason } = await board()
    const { body: other } = await team.server.admin.post('/api/app/v1/lost-reasons', {
      name: 'Went quiet',
    })
    const { body: deal } = await team.server.api.post('/api/v1/deals', {
      title: 'Lost, then?',
      value: 80,
      pipelineId,
      stageId: open,
    })
    await team.server.api.patch(`/api/v1/deals/${deal.id}`, { stageId: lost, lostReasonId: reason })
    const [a, b] = [await replica(), await replica()]
    // b wins it; a minute later a, not knowing, gives another reason for the loss.
    await updateDeal(b.db, b.tenantId, deal.id, { stageId: won }, minutes(1))
    await updateDeal(a.db, a.tenantId, deal.id, { lostReasonId: other.id }, minutes(2))
    await b.sync()
    expect(await a.sync()).toMatchObject({ rejected: [] })
    await b.sync()
    const deals = await expectSameDeals(a, b)
    expect(deals.find((d) => d.id === deal.id)).toMatchObject({
      stageId: lost,
      lostReasonId: other.id,
    })
  })

  it('a deal linked to a person deleted elsewhere keeps everything but the link', async () => {
    const { pipelineId, open } = await board()
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Gone Soon' })
    const [a, b] = [await replica(), await replica()]
    await deletePerson(a.db, a.tenantId, person.id, new Date())
    const deal = await createDeal(
      b.db,
      b.tenantId,
      {
        title: 'For Gone',
        value: 5,
        currency: 'BRL',
        pipelineId,
        stageId: open,
        primaryPersonId: person.id,
      },
      new Date(),
    )
    await a.sync()
    expect(await b.sync()).toMatchObject({ pushed: 1, rejected: [] })
    await a.sync()
    const deals = await expectSameDeals(a, b)
    expect(deals.find((d) => d.id === deal.id)).toMatchObject({
      title: 'For Gone',
      primaryPersonId: null,
    })
  })

  it('a deal for a person the server merged into another points at the one it lives on as', async () => {
    const { pipelineId, open } = await board()
    const laptop = await replica()
    // The server's Ana is made after the laptop's snapshot: offline, it makes its own.
    const { body: first } = await team.server.api.post('/api/v1/people', {
      fullName: 'Ana First',
      primaryEmail: 'ana.merge@sync.test',
    })
    const ana = await createPerson(
      laptop.db,
      laptop.tenantId,
      { fullName: 'Ana Again', primaryEmail: 'ana.merge@sync.test' },
      new Date(),
    )
    const deal = await createDeal(
      laptop.db,
      laptop.tenantId,
      {
        title: 'For Ana',
        value: 5,
        currency: 'BRL',
        pipelineId,
        stageId: open,
        primaryPersonId: ana.id,
      },
      new Date(),
    )
    await laptop.sync()
    const deals = await expectSameDeals(laptop)
    expect(deals.find((d) => d.id === deal.id)!.primaryPersonId).toBe(first.id)
  })

  it('a delete of a deal beats a later edit elsewhere', async () => {
    const { pipelineId, open } = await board()
    const { body: deal } = await team.server.api.post('/api/v1/deals', {
      title: 'Doomed',
      value: 10,
      pipelineId,
      stageId: open,
    })
    const [a, b] = [await replica(), await replica()]
    await deleteDeal(a.db, a.tenantId, deal.id, hours(-2))
    await updateDeal(b.db, b.tenantId, deal.id, { title: 'Doomed, edited' }, hours(-1))
    await a.sync()
    const report = await b.sync()
    expect(report.rejected).toEqual([{ seq: 1, reason: expect.stringMatching(/^deleted/) }])
    expect((await team.server.api.get(`/api/v1/deals/${deal.id}`)).status).toBe(404)
    await expectSameDeals(a, b)
  })

  it("settings are the server's: refused on the replica, and the server's changes arrive", async () => {
    const laptop = await replica()
    const { pipelineId } = await board()
    const refusals = [
      () =>
        addStage(
          laptop.db,
          laptop.tenantId,
          pipelineId,
          { name: 'Mine', type: 'open' },
          new Date(),
        ),
      () => createUser(laptop.db, laptop.tenantId, { name: 'Local User' }, new Date()),
      () => createLostReason(laptop.db, laptop.tenantId, { name: 'Local reason' }, new Date()),
      () => enableCurrency(laptop.db, laptop.tenantId, 'EUR', new Date()),
    ]
    for (const refused of refusals) {
      await expect(refused()).rejects.toSatisfy(
        (error) => error instanceof ApiError && error.code === 'forbidden',
      )
    }

    // The server adds a stage, a user and a currency; the laptop gets them and uses them offline.
    const stage = await addStage(
      team.server.db,
      team.server.tenantId,
      pipelineId,
      { name: 'Negotiation', type: 'open' },
      new Date(),
    )
    const user = await createUser(
      team.server.db,
      team.server.tenantId,
      { name: 'New Hire' },
      new Date(),
    )
    await enableCurrency(team.server.db, team.server.tenantId, 'EUR', new Date())
    await laptop.sync()
    expect(await readSettings(laptop.db, laptop.tenantId)).toEqual(
      await readSettings(team.server.db, team.server.tenantId),
    )
    const deal = await createDeal(
      laptop.db,
      laptop.tenantId,
      {
        title: 'In the new stage',
        value: 99,
        currency: 'EUR',
        pipelineId,
        stageId: stage.id,
        ownerId: user.id,
      },
      new Date(),
    )
    expect(await laptop.sync()).toMatchObject({ pushed: 1, rejected: [] })
    expect((await team.server.api.get(`/api/v1/deals/${deal.id}`)).body).toMatchObject({
      stageId: stage.id,
      ownerId: user.id,
      currency: 'EUR',
    })
    await expectSameDeals(laptop)
  })
})
