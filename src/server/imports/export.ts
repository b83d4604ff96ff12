// Exports of people, deals, activities and notes as CSV or NDJSON, produced a batch at a time so that any number of
// records streams out in constant memory.

import { stringify } from 'csv-stringify/sync'
import { personNameTargets } from '../../shared/import-targets'
import { allCompanies } from '../companies/service'
import type { Db } from '../db/connection'
import { countRows } from '../db/count-rows'
import { selectCustomFieldKeys } from '../db/tenant-page'
import { personTargets } from '../intake/targets'
import { findDeal, listDealsAfter } from '../deals/service'
import { listActivitiesAfter } from '../activities/service'
import { listNotesAfter } from '../notes/service'
import { allLostReasons } from '../lost-reasons/service'
import { findPerson, listPeopleAfter } from '../people/service'
import { listPipelines } from '../pipelines/service'
import { allUsers } from '../users/service'
import { everything } from './references'
import type { ExportFormat } from './schema'
import { protectCell } from '../../shared/spreadsheet-cells'
import { ApiError } from '../http/errors'
import { maxSheetRows, xlsxChunks } from '../../shared/xlsx'

const batchSize = 1000

export const exportKinds = ['people', 'deals', 'activities', 'notes'] as const
export type ExportKind = (typeof exportKinds)[number]

const columns: Record<ExportKind, string[]> = {
  // What a person import maps, so an export reads back as it was: the fields, then the names.
  people: ['id', ...personTargets, ...personNameTargets.map(([target]) => target)],
  deals: [
    'id',
    'title',
    'value',
    'currency',
    'pipelineId',
    'stageId',
    'ownerId',
    'expectedCloseDate',
    'primaryPersonId',
    'primaryCompanyId',
    'lostReasonId',
    'closedAt',
    'tags',
    'pipeline',
    'stage',
    'person',
    'company',
    'owner',
    'lostReason',
  ],
  activities: [
    ...['id', 'type', 'subject', 'body', 'dueDate', 'dueTime', 'timeZone', 'durationMinutes'],
    ...['done', 'doneAt', 'outcome', 'priority', 'assigneeId', 'dealId', 'companyId', 'personIds'],
    ...['recurrence', 'reminderMinutes', 'remindAt', 'assignee', 'deal', 'company', 'people'],
  ],
  notes: [
    ...['id', 'body', 'pinned', 'notedAt', 'authorId', 'personId', 'dealId', 'companyId'],
    ...['author', 'person', 'deal', 'company'],
  ],
}

interface ExportRecord {
  id: string
  createdAt: string
  /** People and deals only. */
  tags?: string[]
  customFields?: Record<string, unknown>
  [field: string]: unknown
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return protectCell(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/**
 * The names of what records point to, for the columns a person reads (and an import into another
 * data folder matches by): pipeline, stage, company and lost reason names, users' e-mails (or
 * names), people's e-mails.
 */
async function nameColumns(db: Db, tenantId: string) {
  const names = new Map<string, string>()
  for (const pipeline of await everything((page) => listPipelines(db, tenantId, page))) {
    names.set(pipeline.id, pipeline.name)
    for (const stage of pipeline.stages) names.set(stage.id, stage.name)
  }
  for (const user of await allUsers(db, tenantId)) {
    names.set(user.id, user.email ?? user.name)
  }
  for (const company of await allCompanies(db, tenantId)) {
    names.set(company.id, company.name)
  }
  for (const reason of await allLostReasons(db, tenantId)) {
    names.set(reason.id, reason.name)
  }
  // People are many: their e-mails are cached a while (deals of one person cluster), not kept.
  const emails = new Map<string, string | null>()
  const personEmail = async (id: string) => {
    if (!emails.has(id)) {
      if (emails.size >= 10_000) emails.clear()
      emails.set(id, (await findPerson(db, tenantId, id))?.primaryEmail ?? null)
    }
    return emails.get(id)
  }
  const name = (id: unknown) => (typeof id === 'string' ? names.get(id) : undefined)
  const email = (id: unknown) => (typeof id === 'string' ? personEmail(id) : null)
  // Deals are named by title, read once a batch (activities and notes point at a few).
  const titles = new Map<string, string>()
  const dealTitle = async (id: unknown) => {
    if (typeof id !== 'string') return null
    if (!titles.has(id)) {
      if (titles.size >= 10_000) titles.clear()
      titles.set(id, (await findDeal(db, tenantId, id))?.title ?? '')
    }
    return titles.get(id) || null
  }
  return async (record: ExportRecord): Promise<ExportRecord> => ({
    ...record,
    pipeline: name(record.pipelineId),
    stage: name(record.stageId),
    person: await email(record.primaryPersonId ?? record.personId),
    company: name(record.companyId ?? record.primaryCompanyId),
    owner: name(record.ownerId),
    lostReason: name(record.lostReasonId),
    assignee: name(record.assigneeId),
    author: name(record.authorId),
    deal: await dealTitle(record.dealId),
    people: Array.isArray(record.personIds)
      ? (await Promise.all(record.personIds.map(email))).filter(Boolean).join(', ')
      : null,
  })
}

/** One line's values: the fields, tags joined by commas, one column per custom field key. */
function rowValues(record: ExportRecord, fields: string[], customKeys: string[]): unknown[] {
  const joined = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value)
  return [
    ...fields.map((field) => joined(record[field])),
    ...customKeys.map((key) => record.customFields?.[key]),
    record.createdAt,
    record.updatedAt,
  ]
}

const listAfter = {
  people: listPeopleAfter,
  deals: listDealsAfter,
  activities: listActivitiesAfter,
  notes: listNotesAfter,
}

async function* records(
  db: Db,
  tenantId: string,
  kind: ExportKind,
): AsyncGenerator<ExportRecord[]> {
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const batch: ExportRecord[] = await listAfter[kind](db, tenantId, after, batchSize)
    if (batch.length === 0) return
    yield batch
    const last = batch.at(-1)!
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/** The rows of the export, a batch at a time, each record's values with its names filled in. */
async function* rowBatches(
  db: Db,
  tenantId: string,
  kind: ExportKind,
  fields: string[],
  customKeys: string[],
): AsyncGenerator<unknown[][]> {
  const named = await nameColumns(db, tenantId)
  for await (const batch of records(db, tenantId, kind)) {
    const rows: unknown[][] = []
    for (const record of batch) rows.push(rowValues(await named(record), fields, customKeys))
    yield rows
  }
}

const sheetNames: Record<ExportKind, string> = {
  people: 'People',
  deals: 'Deals',
  activities: 'Activities',
  notes: 'Notes',
}

/** A workbook holds at most Excel's rows: a larger export is refused before anything is sent. */
async function assertFitsSheet(db: Db, tenantId: string, kind: ExportKind): Promise<void> {
  const count = await countRows(db.selectFrom(kind).where('tenantId', '=', tenantId))
  if (count >= maxSheetRows) {
    throw new ApiError(
      'invalid_request',
      `${count} ${kind} are more than an Excel sheet holds (${maxSheetRows - 1} rows): ` +
        'export them as CSV',
      { field: 'format' },
    )
  }
}

/**
 * The workspace's people, deals, activities or notes, oldest first, as chunks of CSV (a header
 * line, then one line per record, custom fields as `customFields.<key>` columns, the ids a record
 * points to followed by columns naming them, so the file imports into another data folder), an
 * Excel workbook of the same rows (xlsx.ts), or NDJSON (each record as the API returns it).
 * Reading goes by (createdAt, id), so records created while the export runs come at its end
 * rather than shifting the rows already read. A workbook too large for Excel fails at the first
 * chunk, before any is sent.
 */
export async function* exportRecords(
  db: Db,
  tenantId: string,
  kind: ExportKind,
  format: ExportFormat,
): AsyncGenerator<string | Uint8Array> {
  if (format === 'ndjson') {
    for await (const batch of records(db, tenantId, kind)) {
      yield batch.map((record) => JSON.stringify(record) + '\n').join('')
    }
    return
  }
  if (format === 'xlsx') await assertFitsSheet(db, tenantId, kind)
  const customKeys =
    kind === 'people' || kind === 'deals' ? await selectCustomFieldKeys(db, kind, tenantId) : []
  const fields = columns[kind]
  const header = [
    ...fields,
    ...customKeys.map((key) => `customFields.${key}`),
    'createdAt',
    'updatedAt',
  ]
  const rows = rowBatches(db, tenantId, kind, fields, customKeys)
  if (format === 'xlsx') {
    yield* xlsxChunks(sheetNames[kind], header, rows)
    return
  }
  yield stringify([header])
  for await (const batch of rows) yield stringify(batch.map((values) => values.map(cell)))
}
