// Companies sync, and so do the links of people and deals to them; two laptops making one domain
// offline end with one company (rule 4), whichever pushes first (docs/sync-protocol.md).
import { describe, expect, it } from 'vitest'
import { createCompany, deleteCompany, updateCompany } from '../../src/server/companies/service'
import { listNotesAfter } from '../../src/server/notes/service'
import { createPerson } from '../../src/server/people/service'
import { companiesOf, peopleOf, teamWithReplicas, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const minutes = (n: number) => new Date(Date.now() + n * 60_000)

async function expectSameEverywhere(...copies: Replica[]) {
  const companies = await companiesOf(team.server.db, team.server.tenantId)
  const people = await peopleOf(team.server.db, team.server.tenantId)
  for (const copy of copies) {
    expect(await companiesOf(copy.db, copy.tenantId)).toEqual(companies)
    expect(await peopleOf(copy.db, copy.tenantId)).toEqual(people)
  }
  return { companies, people }
}

describe('companies on replicas', () => {
  it("a replica holds the server's companies, and its own offline companies and links reach the server", async () => {
    const { body: acme } = await team.server.admin.post('/api/app/v1/companies', {
      name: 'Acme',
      domain: 'acme.sync.test',
    })
    const laptop = await replica()
    await expectSameEverywhere(laptop)

    const beta = await createCompany(laptop.db, laptop.tenantId, { name: 'Beta' }, minutes(-1))
    const ana = await createPerson(
      laptop.db,
      laptop.tenantId,
      { fullName: 'Ana at Acme', companyId: acme.id },
      minutes(-1),
    )
    const bia = await createPerson(
      laptop.db,
      laptop.tenantId,
      { fullName: 'Bia at Beta', companyId: beta.id },
      minutes(-1),
    )
    await updateCompany(
      team.server.db,
      team.server.tenantId,
      acme.id,
      { name: 'Acme Inc' },
      new Date(),
    )
    expect(await laptop.sync()).toMatchObject({ pushed: 3, rejected: [] })
    const { people, companies } = await expectSameEverywhere(laptop)
    expect(companies.find((c) => c.id === beta.id)).toMatchObject({ name: 'Beta' })
    expect(companies.find((c) => c.id === acme.id)).toMatchObject({ name: 'Acme Inc' })
    expect(people.find((p) => p.id === ana.id)!.companyId).toBe(acme.id)
    expect(people.find((p) => p.id === bia.id)!.companyId).toBe(beta.id)
  })

  for (const earlierPushesFirst of [true, false]) {
    it(`two laptops making one domain offline end with the company made first, ${earlierPushesFirst ? 'pushed first' : 'pushed last'}`, async () => {
      const [a, b] = [await replica(), await replica()]
      const domain = `same-${earlierPushesFirst}.sync.test`
      const first = await createCompany(a.db, a.tenantId, { name: 'Same (a)', domain }, minutes(-2))
      const second = await createCompany(
        b.db,
        b.tenantId,
        { name: 'Same (b)', domain },
        minutes(-1),
      )
      const atA = await createPerson(
        a.db,
        a.tenantId,
        { fullName: 'Worker A', companyId: first.id },
        minutes(-1),
      )
      const atB = await createPerson(
        b.db,
        b.tenantId,
        { fullName: 'Worker B', companyId: second.id },
        minutes(-1),
      )
      const order = earlierPushesFirst ? [a, b] : [b, a]
      for (let round = 0; round < 2; round++) for (const copy of order) await copy.sync()
      const { companies, people } = await expectSameEverywhere(a, b)
      const withDomain = companies.filter((c) => c.domain === domain)
      expect(withDomain.map((c) => c.id)).toEqual([first.id])
      expect(people.find((p) => p.id === atA.id)!.companyId).toBe(first.id)
      expect(people.find((p) => p.id === atB.id)!.companyId).toBe(first.id)
      const notes = await listNotesAfter(team.server.db, team.server.tenantId, null, 10_000)
      expect(notes.filter((n) => n.companyId === first.id).map((n) => n.body)).toEqual([
        expect.stringMatching(/^Merged with “Same \(b\)”, a company with the same domain/),
      ])

      // A later rename made on b under the merged id lands on the survivor.
      await updateCompany(b.db, b.tenantId, first.id, { name: 'Same, renamed' }, new Date())
      await b.sync()
      await a.sync()
      expect(
        (await expectSameEverywhere(a, b)).companies.find((c) => c.id === first.id),
      ).toMatchObject({ name: 'Same, renamed' })
    })
  }

  it('a link to a company deleted elsewhere is dropped, and the person stays', async () => {
    const { body: gone } = await team.server.admin.post('/api/app/v1/companies', {
      name: 'Gone Co',
    })
    const [a, b] = [await replica(), await replica()]
    await deleteCompany(a.db, a.tenantId, gone.id, new Date())
    const person = await createPerson(
      b.db,
      b.tenantId,
      { fullName: 'Joined Gone Co', companyId: gone.id },
      new Date(),
    )
    await a.sync()
    expect(await b.sync()).toMatchObject({ rejected: [] })
    await a.sync()
    const { people, companies } = await expectSameEverywhere(a, b)
    expect(companies.map((c) => c.id)).not.toContain(gone.id)
    expect(people.find((p) => p.id === person.id)!.companyId).toBeNull()
  })
})
