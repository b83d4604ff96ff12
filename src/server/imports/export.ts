// Exports of people and deals as CSV or NDJSON, produced a batch at a time so that any number of
// records streams out in constant memory.

import { stringify } from 'csv-stringify/sync'
import type { Db } from '../db/connection'
import { listDealCustomFieldKeys, listDealsAfter } from '../deals/service'
import { listPeopleAfter, listPersonCustomFieldKeys } from '../people/service'
import type { ExportFormat } from './schema'
import { protectCell } from './spreadsheet-cells'

const batchSize = 1000

export type ExportKind = 'people' | 'deals'

const columns: Record<ExportKind, string[]> = {
  people: [
    'id',
    'fullName',
    'primaryEmail',
    'primaryPhone',
    'companyId',
    'ownerId',
    'lifecycleStage',
    'leadSource',
    'tags',
  ],
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
  ],
}

interface ExportRecord {
  id: string
  createdAt: string
  tags: string[]
  customFields: Record<string, unknown>
  [field: string]: unknown
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return protectCell(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** One CSV line's cells: the fields, tags joined by commas, one column per custom field key. */
function csvCells(record: ExportRecord, fields: string[], customKeys: string[]): string[] {
  return [
    ...fields.map((field) =>
      field === 'tags' ? cell(record.tags.join(', ')) : cell(record[field]),
    ),
    ...customKeys.map((key) => cell(record.customFields[key])),
    record.createdAt,
    cell(record.updatedAt),
  ]
}

async function* records(
  db: Db,
  tenantId: string,
  kind: ExportKind,
): AsyncGenerator<ExportRecord[]> {
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const batch: ExportRecord[] =
      kind === 'people'
        ? await listPeopleAfter(db, tenantId, after, batchSize)
        : await listDealsAfter(db, tenantId, after, batchSize)
    if (batch.length === 0) return
    yield batch
    const last = batch.at(-1)!
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/**
 * The workspace's people or deals, oldest first, as chunks of CSV (a header line, then one line
 * per record, custom fields as `customFields.<key>` columns) or NDJSON (each record as the API
 * returns it). Reading goes by (createdAt, id), so records created while the export runs come at
 * its end rather than shifting the rows already read.
 */
export async function* exportRecords(
  db: Db,
  tenantId: string,
  kind: ExportKind,
  format: ExportFormat,
): AsyncGenerator<string> {
  if (format === 'ndjson') {
    for await (const batch of records(db, tenantId, kind)) {
      yield batch.map((record) => JSON.stringify(record) + '\n').join('')
    }
    return
  }
  const customKeys =
    kind === 'people'
      ? await listPersonCustomFieldKeys(db, tenantId)
      : await listDealCustomFieldKeys(db, tenantId)
  const fields = columns[kind]
  yield stringify([
    [...fields, ...customKeys.map((key) => `customFields.${key}`), 'createdAt', 'updatedAt'],
  ])
  for await (const batch of records(db, tenantId, kind)) {
    yield stringify(batch.map((record) => csvCells(record, fields, customKeys)))
  }
}
