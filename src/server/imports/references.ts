// Records a file names by what people call them (a pipeline's name, a user's e-mail), looked up
// once per import and kept in memory, so a million rows do not make a million lookups.

import { createCompany, listCompanies } from '../companies/service'
import type { Db } from '../db/connection'
import { ApiError } from '../http/errors'
import type { Page, PageRequest } from '../http/pagination'
import { listLostReasons } from '../lost-reasons/service'
import { findPersonIdByEmail } from '../people/service'
import { listPipelines } from '../pipelines/service'
import type { Pipeline } from '../pipelines/schema'
import { listUsers } from '../users/service'
import { parseEmail } from '../../shared/fields/email'

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

class NameIndex {
  private readonly ids = new Map<string, string[]>()
  private readonly known = new Set<string>()

  remove(id: string) {
    this.known.delete(id)
    for (const [key, ids] of this.ids) {
      const rest = ids.filter((candidate) => candidate !== id)
      if (rest.length === 0) this.ids.delete(key)
      else this.ids.set(key, rest)
    }
  }

  add(id: string, ...names: (string | null)[]) {
    this.known.add(id)
    for (const name of names) {
      if (!name) continue
      const key = nameKey(name)
      const ids = this.ids.get(key) ?? []
      if (!ids.includes(id)) this.ids.set(key, [...ids, id])
    }
  }

  /** The one record with this id or name; a 422 naming `field` for none, or more than one. */
  find(field: string, noun: string, text: string): string {
    const id = text.trim().toLowerCase()
    if (this.known.has(id)) return id
    const ids = this.ids.get(nameKey(text)) ?? []
    if (ids.length === 1) return ids[0]!
    throw new ApiError(
      422,
      'invalid_reference',
      ids.length === 0
        ? `${field} "${text}" matches no ${noun} of this workspace`
        : `${field} "${text}" matches ${ids.length} ${noun}s of this workspace; use the id`,
      { field },
    )
  }

  has(text: string): boolean {
    return this.ids.has(nameKey(text))
  }
}

/** The workspace's pipelines, stages, users, companies and lost reasons by id and by name. */
export class References {
  private readonly pipelines = new NameIndex()
  private readonly stages = new Map<string, NameIndex>()
  private readonly users = new NameIndex()
  private readonly companies = new NameIndex()
  private readonly lostReasons = new NameIndex()
  /** Companies created for the row being imported: forgotten if that row is undone. */
  private createdForRow: string[] = []

  private constructor(private readonly tenantId: string) {}

  static async load(db: Db, tenantId: string): Promise<References> {
    const references = new References(tenantId)
    const request = (list: typeof listUsers) => (page: PageRequest) => list(db, tenantId, page)
    for (const pipeline of await everything<Pipeline>((page) =>
      listPipelines(db, tenantId, page),
    )) {
      references.pipelines.add(pipeline.id, pipeline.name)
      const stages = new NameIndex()
      for (const stage of pipeline.stages) stages.add(stage.id, stage.name)
      references.stages.set(pipeline.id, stages)
    }
    for (const user of await everything(request(listUsers))) {
      references.users.add(user.id, user.email, user.name)
    }
    for (const company of await everything((page) => listCompanies(db, tenantId, page))) {
      references.companies.add(company.id, company.name, company.domain)
    }
    for (const reason of await everything((page) => listLostReasons(db, tenantId, page))) {
      references.lostReasons.add(reason.id, reason.name)
    }
    return references
  }

  pipeline(field: string, text: string): string {
    return this.pipelines.find(field, 'pipeline', text)
  }

  stage(field: string, pipelineId: string, text: string): string {
    return this.stages.get(pipelineId)!.find(field, 'stage of this pipeline', text)
  }

  /** A user by e-mail, name or id. */
  user(field: string, text: string): string {
    return this.users.find(field, 'user', text)
  }

  company(field: string, text: string): string {
    return this.companies.find(field, 'company', text)
  }

  /** The company with this name, created (without a domain) when the workspace has none. */
  async companyOrNew(trx: Db, field: string, text: string, now: Date): Promise<string> {
    if (!this.companies.has(text) && !/^[0-9a-f-]{36}$/i.test(text.trim())) {
      const name = text.replace(/\s+/g, ' ').trim()
      const created = await createCompany(trx, this.tenantId, { name }, now)
      this.companies.add(created.id, created.name)
      this.createdForRow.push(created.id)
      return created.id
    }
    return this.company(field, text)
  }

  /** Ends a row: what it created stays known when it was written, is forgotten when undone. */
  endRow(written: boolean): void {
    if (!written) for (const id of this.createdForRow) this.companies.remove(id)
    this.createdForRow = []
  }

  lostReason(field: string, text: string): string {
    return this.lostReasons.find(field, 'lost reason', text)
  }

  /** The person with this e-mail; a 422 naming `field` when nobody has it. */
  async person(trx: Db, field: string, text: string): Promise<string> {
    const email = parseEmail(text)
    if (!email.ok)
      throw new ApiError(422, 'validation_error', `${field} ${email.message}`, { field })
    const id = await findPersonIdByEmail(trx, this.tenantId, email.value)
    if (!id) {
      throw new ApiError(
        422,
        'invalid_reference',
        `${field} "${email.value}" is the e-mail of nobody in this workspace`,
        { field },
      )
    }
    return id
  }
}
