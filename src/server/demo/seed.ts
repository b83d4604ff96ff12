import type { Faker } from '@faker-js/faker'
import { createApiToken } from '../auth/service'
import { createCompany } from '../companies/service'
import type { Company } from '../companies/schema'
import { enableCurrency } from '../currencies/service'
import { inTransaction, type Db } from '../db/connection'
import { createDeal } from '../deals/service'
import type { Deal } from '../deals/schema'
import { demoTimeZone, seedWeekOfWork } from './week-of-work'
import { listLostReasons } from '../lost-reasons/service'
import { createPerson } from '../people/service'
import type { Person } from '../people/schema'
import { createPipeline, listPipelines } from '../pipelines/service'
import type { Pipeline } from '../pipelines/schema'
import { createUser } from '../users/service'
import type { Language } from '../../shared/languages'
import { createWorkspace, updateWorkspace } from '../workspaces/service'
import { serverLanguage } from '../workspaces/starter-content'
import { demoWords } from './demo-words'
import type { Workspace } from '../workspaces/schema'
import { parsePhone } from '../../shared/fields/phone'
import { lifecycleStages } from '../../shared/lifecycle'

export const demoWorkspaceName = 'Demo'

const counts = { users: 3, companies: 20, people: 200, deals: 60 }
const historyDays = 180
const leadSources = ['website', 'referral', 'event', 'linkedin', 'google-ads', 'cold-outreach']
const personTags = ['vip', 'newsletter', 'decision-maker', 'technical', 'follow-up']
const dealTags = ['enterprise', 'renewal', 'upsell', 'q1', 'inbound']
const freeMail = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br']

export interface DemoWorkspace {
  workspace: Workspace
  /** An admin token for the demo, shown once by whoever seeded it. */
  adminToken: string
}

// Area codes of Brazil's largest cities: faker's Brazilian numbers mostly have area codes and
// ranges that do not exist, which phone validation (rightly) refuses.
const areaCodes = ['11', '21', '31', '41', '48', '51', '61', '71', '81', '85', '19', '27']

/** A valid Brazilian mobile number in E.164, made from the digits of a faker number. */
function demoPhone(fakerNumber: string): string {
  const digits = fakerNumber.replace(/\D/g, '')
  const area = areaCodes[Number(digits.slice(-10, -8)) % areaCodes.length]!
  const phone = parsePhone(`(${area}) 9${digits.slice(-8)}`)
  if (!phone.ok) throw new Error(`demo phone ${fakerNumber}: ${phone.message}`)
  return phone.value
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/**
 * Creates the "Demo" workspace: a living CRM for a newcomer, with two pipelines, three users, about
 * twenty companies, two hundred people and sixty deals spread over the last six months. Seeded
 * from a fixed faker seed, so every demo looks the same.
 */
export async function seedDemoWorkspace(
  db: Db,
  now: Date,
  language: Language = serverLanguage(),
): Promise<DemoWorkspace> {
  const words = demoWords[language]
  // Loaded only here: the locale data is large and nothing else needs it.
  const { faker } = (await import('@faker-js/faker/locale/pt_BR')) as { faker: Faker }
  faker.seed(2026)
  const start = now.getTime() - historyDays * 86_400_000
  const totalSteps = counts.users + counts.companies + counts.people + counts.deals
  let step = 0
  // Each record is a little newer than the one before, so lists show a believable history.
  const nextMoment = () =>
    new Date(start + Math.floor((++step / totalSteps) * historyDays * 86_400_000))

  return inTransaction(db, async (trx) => {
    const created = await createWorkspace(trx, demoWorkspaceName, new Date(start), language)
    const tenantId = created.id
    // A Brazilian team's week: its days begin and end on São Paulo time.
    const workspace = await updateWorkspace(
      trx,
      tenantId,
      { timeZone: demoTimeZone },
      new Date(start),
    )
    await enableCurrency(trx, tenantId, 'USD', new Date(start))
    await createPipeline(
      trx,
      tenantId,
      {
        name: words.partnerships.name,
        stages: [
          { name: words.partnerships.stages[0], type: 'open' },
          { name: words.partnerships.stages[1], type: 'open' },
          { name: words.partnerships.stages[2], type: 'won' },
          { name: words.partnerships.stages[3], type: 'lost' },
        ],
      },
      new Date(start),
    )

    const users = []
    for (let i = 0; i < counts.users; i++) {
      // First and last name only: faker's full names may start with a title (Sra., Dr.).
      const name = `${faker.person.firstName()} ${faker.person.lastName()}`
      const email = `${slug(name.split(' ')[0]!)}@outpost-demo.com.br`
      users.push(await createUser(trx, tenantId, { name, email }, nextMoment()))
    }

    const companies: Company[] = []
    for (let i = 0; i < counts.companies; i++) {
      const name = faker.company.name()
      const domain = `${slug(name).slice(0, 24)}${i}.com.br`
      companies.push(await createCompany(trx, tenantId, { name, domain }, nextMoment()))
    }

    const people: Person[] = []
    for (let i = 0; i < counts.people; i++) {
      const firstName = faker.person.firstName()
      const lastName = faker.person.lastName()
      const company = faker.helpers.maybe(() => faker.helpers.arrayElement(companies), {
        probability: 0.7,
      })
      const domain = company?.domain ?? faker.helpers.arrayElement(freeMail)
      people.push(
        await createPerson(
          trx,
          tenantId,
          {
            fullName: `${firstName} ${lastName}`,
            primaryEmail: `${slug(firstName)}.${slug(lastName)}${i}@${domain}`,
            primaryPhone: faker.helpers.maybe(
              () => demoPhone(faker.phone.number({ style: 'international' })),
              { probability: 0.8 },
            ),
            companyId: company?.id,
            ownerId: faker.helpers.arrayElement(users).id,
            lifecycleStage: faker.helpers.arrayElement(lifecycleStages),
            leadSource: faker.helpers.arrayElement(leadSources),
            tags: faker.helpers.arrayElements(personTags, { min: 0, max: 2 }),
          },
          nextMoment(),
        ),
      )
    }

    const pipelines: Pipeline[] = (await listPipelines(trx, tenantId, { page: 1, pageSize: 10 }))
      .data
    const reasons = (await listLostReasons(trx, tenantId, { page: 1, pageSize: 10 })).data
    const openDeals: Deal[] = []
    for (let i = 0; i < counts.deals; i++) {
      // Three deals in four go to the Sales pipeline, the first one.
      const pipeline = i % 4 === 3 ? pipelines[1]! : pipelines[0]!
      const stage = faker.helpers.arrayElement(pipeline.stages)
      const person = faker.helpers.arrayElement(people)
      const company = companies.find((candidate) => candidate.id === person.companyId)
      const moment = nextMoment()
      const closeDate = new Date(
        moment.getTime() + faker.number.int({ min: 7, max: 120 }) * 86_400_000,
      )
      const deal = await createDeal(
        trx,
        tenantId,
        {
          title: `${faker.helpers.arrayElement(words.dealKinds)} — ${company?.name ?? person.fullName}`,
          value: faker.number.int({ min: 20, max: 2000 }) * 50,
          currency: i % 10 === 9 ? 'USD' : 'BRL',
          pipelineId: pipeline.id,
          stageId: stage.id,
          ownerId: person.ownerId,
          expectedCloseDate: closeDate.toISOString().slice(0, 10),
          primaryPersonId: person.id,
          primaryCompanyId: person.companyId,
          lostReasonId: stage.type === 'lost' ? faker.helpers.arrayElement(reasons).id : undefined,
          tags: faker.helpers.arrayElements(dealTags, { min: 0, max: 2 }),
        },
        moment,
      )
      if (stage.type === 'open') openDeals.push(deal)
    }

    await seedWeekOfWork(trx, tenantId, faker, { deals: openDeals, people, users }, now, words)

    const token = await createApiToken(trx, tenantId, { name: 'Demo admin', scope: 'admin' }, now)
    return { workspace, adminToken: token.token }
  })
}
