// Saved views sync: a view saved on a laptop reaches the team, and two laptops saving one name
// offline end with one view of that name, on every copy (rule 4, docs/sync-protocol.md).
import { describe, expect, it } from 'vitest'
import {
  createSavedView,
  deleteSavedView,
  updateSavedView,
} from '../../src/server/saved-views/service'
import { savedViewsOf, teamWithReplicas, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const expectSameViews = (...copies: Replica[]) => team.expectSame(savedViewsOf, ...copies)

const hours = (n: number) => new Date(Date.now() + n * 3_600_000)

describe('saved views on replicas', () => {
  it('a view saved offline reaches the team; changed on one laptop and deleted on another, it goes', async () => {
    const [a, b] = [await replica(), await replica()]
    const view = await createSavedView(
      a.db,
      a.tenantId,
      {
        resource: 'deals',
        name: 'Closing this month',
        query: 'status=open&sort=expectedCloseDate',
      },
      new Date(),
    )
    await a.sync()
    await b.sync()
    expect((await expectSameViews(a, b)).map((v) => v.name)).toContain('Closing this month')
    await updateSavedView(a.db, a.tenantId, view.id, { query: 'status=open' }, new Date())
    await deleteSavedView(b.db, b.tenantId, view.id, new Date())
    for (const copy of [b, a, b]) await copy.sync()
    expect((await expectSameViews(a, b)).map((v) => v.id)).not.toContain(view.id)
  })

  it('two laptops saving one name offline end with one view of that list, on every copy', async () => {
    const [a, b] = [await replica(), await replica()]
    const first = await createSavedView(
      a.db,
      a.tenantId,
      { resource: 'people', name: 'Leads', query: 'lifecycleStage=lead' },
      hours(-2),
    )
    const second = await createSavedView(
      b.db,
      b.tenantId,
      { resource: 'people', name: 'Leads', query: 'lifecycleStage=lead&sort=-createdAt' },
      hours(-1),
    )
    // A deals view of that name is another list's: it stays.
    await createSavedView(
      b.db,
      b.tenantId,
      { resource: 'deals', name: 'Leads', query: 'status=open' },
      hours(-1),
    )
    for (let round = 0; round < 2; round++) for (const copy of [b, a]) await copy.sync()
    const views = (await expectSameViews(a, b)).filter((v) => v.name === 'Leads')
    expect(views.map((v) => v.resource).sort()).toEqual(['deals', 'people'])
    // Which is the earlier depends on the laptops' clocks: one lives on, the other merged into it.
    const kept = views.find((v) => v.resource === 'people')!
    expect([first.id, second.id]).toContain(kept.id)
  })
})
