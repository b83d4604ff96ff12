import { newId, type MadeElsewhere } from '../ids'
import type { Selectable } from 'kysely'
import type { ChangeData } from '../../shared/events'
import { normalizeTags } from '../../shared/tags'
import { requireCompany } from '../companies/lookup'
import { requireEnabledCurrency } from '../currencies/service'
import type { CustomFieldsOwner } from '../custom-fields/patch'
import { inTransaction, type Db } from '../db/connection'
import type { DealTable } from '../db/database'
import {
  answerOf,
  changedColumns,
  insertTags,
  replaceTags,
  withTags as withRecordTags,
} from '../db/record-tags'
import { selectRecordPage, type RecordPageRequest } from '../db/record-page'
import { selectTenantRowsAfter, type CreationCursor } from '../db/tenant-page'
import {
  changesFromNothing,
  detachRecords,
  diffFields,
  recordEvents,
  type Reference,
  type ResourceEvent,
} from '../events/service'
import { notFound, unknownReference } from '../http/errors'
import { requireLostReason } from '../lost-reasons/lookup'
import { requirePerson } from '../people/lookup'
import { findStage, requirePipeline, stageNotInPipeline, type StageRef } from '../pipelines/lookup'
import { requireUser } from '../users/lookup'
import * as deals from './repository'
import type { DealReference } from './repository'
import type { CreateDealInput, Deal, UpdateDealInput } from './schema'
import { closeStateFor, type CloseState } from './stage-rules'

// What a deal answers with besides its tags, custom fields and timestamps, in this order.
const dealColumns = [
  ...['id', 'tenantId', 'title', 'value', 'currency', 'pipelineId', 'stageId', 'ownerId'],
  ...['expectedCloseDate', 'primaryPersonId', 'primaryCompanyId', 'lostReasonId', 'closedAt'],
] as const

export const toDeal = (row: Omit<Selectable<DealTable>, 'titleKey'>, tags: string[]): Deal =>
  answerOf(row, dealColumns, tags)

// What an update may write (tags live in their own table; a deal keeps its pipeline).
const writable = [
  ...['title', 'value', 'currency', 'stageId', 'ownerId', 'expectedCloseDate'],
  ...['primaryPersonId', 'primaryCompanyId', 'lostReasonId', 'closedAt'],
] as const

/** Deal rows with their tags, as the API answers them. */
export const withTags = (db: Db, rows: Selectable<DealTable>[]) =>
  withRecordTags(db, 'deals', rows, toDeal)

/** The deal with this id in the workspace, or undefined. */
export async function findDeal(db: Db, tenantId: string, id: string): Promise<Deal | undefined> {
  const row = await deals.findDealById(db, tenantId, id)
  return row ? (await withTags(db, [row]))[0] : undefined
}

export async function getDeal(db: Db, tenantId: string, id: string): Promise<Deal> {
  const deal = await findDeal(db, tenantId, id)
  if (!deal) throw notFound('Deal')
  return deal
}

/** How the web app's custom-fields patch reads and writes a deal. */
export const dealCustomFields: CustomFieldsOwner<Deal> = {
  get: getDeal,
  write: deals.updateDeal,
  updated: 'deal.updated',
}

export const listDeals = (db: Db, tenantId: string, request: RecordPageRequest) =>
  selectRecordPage(db, 'deals', tenantId, request, deals.dealPages, (rows) => withTags(db, rows))

/** The stage a deal is asked to enter: it must exist and belong to the deal's pipeline. */
async function requireStageOf(db: Db, tenantId: string, pipelineId: string, stageId: string) {
  const stage = await findStage(db, tenantId, stageId)
  if (!stage) throw unknownReference('stageId', 'stage')
  if (stage.pipelineId !== pipelineId) throw stageNotInPipeline('stageId', pipelineId)
  return stage
}

async function assertReferences(db: Db, tenantId: string, input: UpdateDealInput) {
  if (input.currency) await requireEnabledCurrency(db, tenantId, input.currency)
  if (input.ownerId) await requireUser(db, tenantId, input.ownerId, 'ownerId')
  if (input.primaryPersonId)
    await requirePerson(db, tenantId, input.primaryPersonId, 'primaryPersonId')
  if (input.primaryCompanyId) {
    await requireCompany(db, tenantId, input.primaryCompanyId, 'primaryCompanyId')
  }
  if (input.lostReasonId) await requireLostReason(db, tenantId, input.lostReasonId, 'lostReasonId')
}

/**
 * The stage events of a deal that moved from `from` (null: created in `to`) to `to`:
 * stage_changed, won and lost when they apply, each carrying the change.
 */
function stageEvents(
  deal: Deal,
  data: ChangeData<Deal>,
  from: StageRef | null,
  to: StageRef,
): ResourceEvent[] {
  const types: ('deal.stage_changed' | 'deal.won' | 'deal.lost')[] = []
  if (from && from.id !== to.id) types.push('deal.stage_changed')
  if (to.type === 'won' && from?.type !== 'won') types.push('deal.won')
  if (to.type === 'lost' && from?.type !== 'lost') types.push('deal.lost')
  return types.map((type) => ({ type, resource: deal, data }))
}

/**
 * When a deal closed, as decided where it was moved (sync/): a replica and its team server apply
 * one move at different times, and the deal keeps the time of the move itself.
 */
export interface SettledClose {
  closedAt: string | null
}

const settle = (close: CloseState, settled: Partial<SettledClose> | undefined): CloseState =>
  settled?.closedAt !== undefined && close.closedAt !== null
    ? { ...close, closedAt: settled.closedAt }
    : close

// The fields a deal's stage decides: what deal.won or deal.lost at creation reports as changed.
const stageFields = ['stageId', 'closedAt', 'lostReasonId'] as const

/** Creates a deal in the given pipeline and stage; emits deal.created (and deal.won/lost). */
export async function createDeal(
  db: Db,
  tenantId: string,
  input: CreateDealInput,
  now: Date,
  made?: MadeElsewhere & Partial<SettledClose>,
): Promise<Deal> {
  return inTransaction(db, async (trx) => {
    await requirePipeline(trx, tenantId, input.pipelineId, 'pipelineId')
    const stage = await requireStageOf(trx, tenantId, input.pipelineId, input.stageId)
    const close = settle(
      closeStateFor(
        null,
        stage.type,
        { closedAt: null, lostReasonId: null },
        input.lostReasonId,
        now,
      ),
      made,
    )
    await assertReferences(trx, tenantId, input)
    const timestamp = now.toISOString()
    const row = {
      id: made?.id ?? newId(),
      tenantId,
      title: input.title,
      value: input.value,
      currency: input.currency,
      pipelineId: input.pipelineId,
      stageId: stage.id,
      ownerId: input.ownerId ?? null,
      expectedCloseDate: input.expectedCloseDate ?? null,
      primaryPersonId: input.primaryPersonId ?? null,
      primaryCompanyId: input.primaryCompanyId ?? null,
      ...close,
      probability: null,
      customFields: '{}',
      createdAt: made?.createdAt ?? timestamp,
      updatedAt: timestamp,
    }
    const tags = normalizeTags(input.tags ?? [])
    await deals.insertDeal(trx, row)
    await insertTags(trx, 'deals', tenantId, row.id, tags)
    const deal = toDeal(row, tags)
    const change = { object: deal, ...changesFromNothing(deal, stageFields) }
    await recordEvents(trx, tenantId, now, [
      { type: 'deal.created', resource: deal, data: { object: deal } },
      ...stageEvents(deal, change, null, stage),
    ])
    return deal
  })
}

/**
 * Applies the fields sent. Moving to a stage of another pipeline, or into a lost stage without a
 * lost reason, is a 422 and leaves the deal as it was. A PATCH that changes nothing emits nothing.
 */
export async function updateDeal(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateDealInput,
  now: Date,
  settled?: SettledClose,
): Promise<Deal> {
  return inTransaction(db, async (trx) => {
    const before = await getDeal(trx, tenantId, id)
    const from = await findStage(trx, tenantId, before.stageId)
    if (!from) throw new Error(`Deal ${id} is in a stage that does not exist`)
    const to = input.stageId
      ? await requireStageOf(trx, tenantId, before.pipelineId, input.stageId)
      : from
    const close = settle(
      closeStateFor(from.type, to.type, before, input.lostReasonId, now),
      settled,
    )
    // A currency disabled since keeps its deals (currencies/service.ts): one sent back unchanged, as
    // a script that reads a deal and writes it back does, is no new use of it.
    const currency = input.currency === before.currency ? undefined : input.currency
    await assertReferences(trx, tenantId, { ...input, currency })
    // lostReasonId is part of `close`, decided by the stage rules above.
    const { tags, lostReasonId: _lostReasonId, ...fields } = input
    const after: Deal = {
      ...before,
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      ...close,
      tags: tags ? normalizeTags(tags) : before.tags,
    }
    const { changes, previous } = diffFields(before, after, ['updatedAt'])
    if (changes.length === 0) return before
    after.updatedAt = now.toISOString()
    await deals.updateDeal(trx, id, {
      ...changedColumns(after, changes, writable),
      updatedAt: after.updatedAt,
    })
    if (changes.includes('tags')) await replaceTags(trx, 'deals', tenantId, id, after.tags)
    const change = { object: after, previous, changes }
    await recordEvents(trx, tenantId, now, [
      { type: 'deal.updated', resource: after, data: change },
      ...stageEvents(after, change, from, to),
    ])
    return after
  })
}

export async function deleteDeal(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const deal = await getDeal(trx, tenantId, id)
    await deals.deleteDeal(trx, id)
    await recordEvents(trx, tenantId, now, [
      { type: 'deal.deleted', resource: deal, data: { object: deal } },
    ])
  })
}

/** Unlinks every deal pointing at a row being deleted (a person, company or user). */
export const detachDeals = (db: Db, where: Reference<DealReference>, now: Date) =>
  detachRecords(db, 'deals', where, now, withTags)

/** Points the deals of a merged person at the person it lives on as (sync/, rule 4). */
export const moveDealsOfPerson = (db: Db, tenantId: string, from: string, to: string, now: Date) =>
  detachRecords(db, 'deals', { tenantId, column: 'primaryPersonId', id: from }, now, withTags, to)

/** Points the deals of a merged company at the company it lives on as (sync/, rule 4). */
export const moveDealsOfCompany = (db: Db, tenantId: string, from: string, to: string, now: Date) =>
  detachRecords(db, 'deals', { tenantId, column: 'primaryCompanyId', id: from }, now, withTags, to)

/** Deals of the workspace in creation order, `limit` at a time after `after` (for exports). */
export async function listDealsAfter(
  db: Db,
  tenantId: string,
  after: CreationCursor | null,
  limit: number,
): Promise<Deal[]> {
  return withTags(db, await selectTenantRowsAfter(db, 'deals', tenantId, after, limit))
}

/** A deal's own chance of winning (null: its stage's), for the forecast. */
export async function getDealProbability(db: Db, tenantId: string, id: string) {
  const row = await deals.findDealById(db, tenantId, id)
  if (!row) throw notFound('Deal')
  return { probability: row.probability }
}

/**
 * Sets a deal's own chance of winning for the forecast (null: its stage's). Not a field of the v1
 * Deal, so it emits no event (docs/forecast.md).
 */
export async function setDealProbability(
  db: Db,
  tenantId: string,
  id: string,
  probability: number | null,
): Promise<{ probability: number | null }> {
  return inTransaction(db, async (trx) => {
    const row = await deals.findDealById(trx, tenantId, id)
    if (!row) throw notFound('Deal')
    if (row.probability !== probability) {
      await deals.updateDeal(trx, id, { probability })
    }
    return { probability }
  })
}
