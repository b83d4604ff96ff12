// The proof that every door applies the same field rules: the whole demo, written through the
// services as REST would, exported with the real export and imported into an empty data folder
// with the real import, comes back with no row refused and every record equal.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enableCurrency, listEnabledCurrencies } from '../src/server/currencies/service'
import type { Db } from '../src/server/db/connection'
import { listDealsAfter } from '../src/server/deals/service'
import { seedDemoWorkspace } from '../src/server/demo/seed'
import { everything } from '../src/server/imports/references'
import { listCompanies } from '../src/server/companies/service'
import { listLostReasons } from '../src/server/lost-reasons/service'
import { listPeopleAfter } from '../src/server/people/service'
import { createPipeline, listPipelines } from '../src/server/pipelines/service'
import { createUser, listUsers } from '../src/server/users/service'
import { openDataDir } from '../src/server/workspace-store'
import { createWorkspace, listWorkspaces } from '../src/server/workspaces/service'
import { requireBuiltCli, runCli } from './support/cli'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-round-trip-'))
  dirs.push(dir)
  return dir
}

beforeAll(() => requireBuiltCli())
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDataDir(dataDir)
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/** Every person and deal of a workspace, with what they point to by name, ids left out. */
async function snapshot(db: Db, tenantId: string) {
  const names = new Map<string, string>()
  for (const pipeline of await everything((page) => listPipelines(db, tenantId, page))) {
    names.set(pipeline.id, pipeline.name)
    for (const stage of pipeline.stages) names.set(stage.id, `${pipeline.name}/${stage.name}`)
  }
  for (const user of await everything((page) => listUsers(db, tenantId, page))) {
    names.set(user.id, user.email ?? user.name)
  }
  for (const company of await everything((page) => listCompanies(db, tenantId, page))) {
    names.set(company.id, company.name)
  }
  for (const reason of await everything((page) => listLostReasons(db, tenantId, page))) {
    names.set(reason.id, reason.name)
  }
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? `?${id}`))
  const people = await listPeopleAfter(db, tenantId, null, 100_000)
  const emails = new Map(people.map((person) => [person.id, person.primaryEmail]))
  const sortedBy = <T>(items: T[]) =>
    items.map((item) => JSON.stringify(item)).sort((a, b) => a.localeCompare(b))
  return {
    people: sortedBy(
      people.map((person) => ({
        fullName: person.fullName,
        primaryEmail: person.primaryEmail,
        primaryPhone: person.primaryPhone,
        lifecycleStage: person.lifecycleStage,
        leadSource: person.leadSource,
        tags: person.tags,
        customFields: person.customFields,
        company: name(person.companyId),
        owner: name(person.ownerId),
      })),
    ),
    deals: sortedBy(
      (await listDealsAfter(db, tenantId, null, 100_000)).map((deal) => ({
        title: deal.title,
        value: deal.value,
        currency: deal.currency,
        stage: name(deal.stageId),
        person: deal.primaryPersonId ? emails.get(deal.primaryPersonId) : null,
        company: name(deal.primaryCompanyId),
        owner: name(deal.ownerId),
        lostReason: name(deal.lostReasonId),
        expectedCloseDate: deal.expectedCloseDate,
        tags: deal.tags,
      })),
    ),
  }
}

/** What a user sets up by hand before importing: users, pipelines, currencies. */
async function prepareWorkspace(source: Db, target: Db, sourceId: string, name: string) {
  const now = new Date()
  const existing = (await listWorkspaces(target)).find((workspace) => workspace.name === name)
  const tenantId = (existing ?? (await createWorkspace(target, name, now))).id
  for (const user of await everything((page) => listUsers(source, sourceId, page))) {
    await createUser(target, tenantId, { name: user.name, email: user.email }, now)
  }
  const have = new Set(
    (await everything((page) => listPipelines(target, tenantId, page))).map((item) => item.name),
  )
  for (const pipeline of await everything((page) => listPipelines(source, sourceId, page))) {
    if (have.has(pipeline.name)) continue
    const stages = pipeline.stages.map((stage) => ({ name: stage.name, type: stage.type }))
    await createPipeline(target, tenantId, { name: pipeline.name, stages }, now)
  }
  for (const currency of await listEnabledCurrencies(source, sourceId)) {
    await enableCurrency(target, tenantId, currency.code, now)
  }
  return tenantId
}

const mappingFor = (header: string[], targets: string[]) =>
  JSON.stringify(
    Object.fromEntries(
      header
        .filter((column) => targets.includes(column) || column.startsWith('customFields.'))
        .map((column) => [column, `{{["${column}"]}}`]),
    ),
  )

const personTargets = [
  'fullName',
  'primaryEmail',
  'primaryPhone',
  'lifecycleStage',
  'leadSource',
  'tags',
  'company',
  'owner',
]
const dealTargets = [
  'title',
  'value',
  'currency',
  'pipeline',
  'stage',
  'person',
  'company',
  'owner',
  'lostReason',
  'expectedCloseDate',
  'tags',
]

describe('export every workspace of the demo, import it into an empty data folder', () => {
  it('refuses no row and gives back the same people and deals', async () => {
    const sourceDir = tempDir()
    const targetDir = tempDir()
    const files = tempDir()
    await withDb(sourceDir, (db) => seedDemoWorkspace(db, new Date()))
    const workspaces = await withDb(sourceDir, (db) => listWorkspaces(db))
    expect(workspaces.map((workspace) => workspace.name)).toContain('Demo')

    for (const workspace of workspaces) {
      const people = join(files, `${workspace.id}-people.csv`)
      const deals = join(files, `${workspace.id}-deals.csv`)
      for (const [kind, file] of [
        ['people', people],
        ['deals', deals],
      ]) {
        const exported = await runCli([
          'export',
          kind!,
          '--workspace',
          workspace.name,
          '--output',
          file!,
          '--data-dir',
          sourceDir,
        ])
        expect(exported.stderr).toBe('')
        expect(exported.code).toBe(0)
      }
      const targetId = await withDb(sourceDir, (source) =>
        withDb(targetDir, (target) =>
          prepareWorkspace(source, target, workspace.id, workspace.name),
        ),
      )

      const header = (file: string) => parse(readFileSync(file), { to_line: 1 })[0] as string[]
      const imported = []
      for (const [kind, file, targets] of [
        ['people', people, personTargets],
        ['deals', deals, dealTargets],
      ] as const) {
        const result = await runCli([
          'import',
          kind,
          file,
          '--mapping',
          mappingFor(header(file), targets),
          '--workspace',
          workspace.name,
          '--data-dir',
          targetDir,
        ])
        expect(result.stderr).toBe('')
        expect(result.code).toBe(0)
        imported.push(result.stdout)
      }
      const before = await withDb(sourceDir, (db) => snapshot(db, workspace.id))
      const after = await withDb(targetDir, (db) => snapshot(db, targetId))
      if (workspace.name === 'Demo') {
        expect(before.people).toHaveLength(200)
        expect(before.deals).toHaveLength(60)
      }
      expect(imported).toEqual([
        expect.stringContaining(`${before.people.length} created, 0 updated, 0 rejected`),
        expect.stringContaining(`${before.deals.length} created, 0 updated, 0 rejected`),
      ])
      expect(after.people).toEqual(before.people)
      expect(after.deals).toEqual(before.deals)
    }
  })
})
