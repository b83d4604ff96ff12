// Records a file names by what people call them (a pipeline's name, a user's e-mail), looked up
// once per import and kept in memory, so a million rows do not make a million lookups.

import { allCompanies, createCompany } from '../companies/service'
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import type { Page, PageRequest } from '../http/pagination'
import { allLostReasons } from '../lost-reasons/service'
import { findPersonIdByEmail } from '../people/service'
import { stageNotInPipeline } from '../pipelines/lookup'
import { listPipelines } from '../pipelines/service'
import { allUsers } from '../users/service'
import { parseEmail } from '../../shared/fields/email'
import type { NameLookups } from '../intake/names'

/** Every record of a paginated list. */
export async function everything<T>(
  list: (request: PageRequest) => Promise<Page<T>>,
): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page += 1) {
    const result = await list({ page, pageSize: 100 })
    items.push(...result.data)
    if (!result.hasMore) return items
  }
}

// Names compare without case and with white space collapsed: "Sales " and "sales" are one.
const nameKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase()

/** Records of one kind by id and by name(s). */
function nameIndex(noun: string) {
  const byName = new Map<string, string[]>()
  const ids = new Set<string>()
  return {
    add(id: string, ...names: (string | null)[]) {
      ids.add(id)
      for (const name of names) {
        if (!name) continue
        const owners = byName.get(nameKey(name)) ?? []
        if (!owners.includes(id)) byName.set(nameKey(name), [...owners, id])
      }
    },
    remove(id: string) {
      ids.delete(id)
      for (const [key, owners] of byName) {
        const rest = owners.filter((owner) => owner !== id)
        if (rest.length === 0) byName.delete(key)
        else byName.set(key, rest)
      }
    },
    has: (text: string) => byName.has(nameKey(text)),
    hasId: (id: string) => ids.has(id),
    /** The one record with this id or name; a 422 naming `field` for none, or more than one. */
    find(field: string, text: string): string {
      const id = text.trim().toLowerCase()
      if (ids.has(id)) return id
      const found = byName.get(nameKey(text)) ?? []
      if (found.length === 1) return found[0]!
      throw new ApiError(
        'invalid_reference',
        found.length === 0
          ? `${field} "${text}" matches no ${noun} of this workspace`
          : `${field} "${text}" matches ${found.length} ${noun}s of this workspace; use the id`,
        { field },
      )
    },
  }
}

type NameIndex = ReturnType<typeof nameIndex>

export type References = Awaited<ReturnType<typeof loadReferences>>

/** The workspace's pipelines (and the stages of each), users, companies and lost reasons. */
async function loadIndexes(db: Db, tenantId: string) {
  const pipelines = nameIndex('pipeline')
  const stages = new Map<string, NameIndex>()
  const users = nameIndex('user')
  const companies = nameIndex('company')
  const lostReasons = nameIndex('lost reason')
  for (const pipeline of await everything((page) => listPipelines(db, tenantId, page))) {
    pipelines.add(pipeline.id, pipeline.name)
    const ofPipeline = nameIndex('stage of this pipeline')
    for (const stage of pipeline.stages) ofPipeline.add(stage.id, stage.name)
    stages.set(pipeline.id, ofPipeline)
  }
  for (const user of await allUsers(db, tenantId)) {
    users.add(user.id, user.email, user.name)
  }
  for (const company of await allCompanies(db, tenantId)) {
    companies.add(company.id, company.name, company.domain)
  }
  for (const reason of await allLostReasons(db, tenantId)) {
    lostReasons.add(reason.id, reason.name)
  }
  return { pipelines, stages, users, companies, lostReasons }
}

/**
 * The workspace's pipelines, stages, users, companies and lost reasons by id and by name: the
 * lookups intake asks a door for (intake/names.ts).
 */
export async function loadReferences(db: Db, tenantId: string) {
  const { pipelines, stages, users, companies, lostReasons } = await loadIndexes(db, tenantId)
  // Companies created for the row being imported: forgotten if that row is undone.
  let createdForRow: string[] = []

  return {
    pipeline: (field: string, text: string) => pipelines.find(field, text),
    stage(field: string, pipelineId: string, text: string): string {
      const ofPipeline = stages.get(pipelineId)!
      const id = text.trim().toLowerCase()
      if (!ofPipeline.hasId(id) && [...stages.values()].some((other) => other.hasId(id))) {
        throw stageNotInPipeline(field, pipelineId)
      }
      return ofPipeline.find(field, text)
    },
    /** A user by e-mail, name or id. */
    user: (field: string, text: string) => users.find(field, text),
    company: (field: string, text: string) => companies.find(field, text),
    lostReason: (field: string, text: string) => lostReasons.find(field, text),

    /** The company with this name, created (without a domain) when the workspace has none. */
    async companyOrNew(trx: Db, field: string, text: string, now: Date): Promise<string> {
      if (companies.has(text) || /^[0-9a-f-]{36}$/i.test(text.trim())) {
        return companies.find(field, text)
      }
      const name = text.replace(/\s+/g, ' ').trim()
      const created = await createCompany(trx, tenantId, { name }, now)
      companies.add(created.id, created.name)
      createdForRow.push(created.id)
      return created.id
    },

    /** Ends a row: what it created stays known when it was written, is forgotten when undone. */
    endRow(written: boolean): void {
      if (!written) for (const id of createdForRow) companies.remove(id)
      createdForRow = []
    },

    /** The person with this e-mail; a 422 naming `field` when nobody has it. */
    async person(trx: Db, field: string, text: string): Promise<string> {
      const email = parseEmail(text)
      if (!email.ok) {
        throw new ApiError('validation_error', `${field} ${email.message}`, { field })
      }
      const id = await findPersonIdByEmail(trx, tenantId, email.value)
      if (!id) {
        throw new ApiError(
          'invalid_reference',
          `${field} "${email.value}" is the e-mail of nobody in this workspace`,
          { field },
        )
      }
      return id
    },
  } satisfies NameLookups & { endRow(written: boolean): void }
}
