import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { generateSecret, hashSecret, looksLikeSecret, sameDigest } from '../secrets'
import { inTransaction, type Db } from '../db/connection'
import { selectTenantPage } from '../db/tenant-page'
import type { InboundDeliveryTable, InboundWebhookTable } from '../db/database'
import { ApiError, notFound, type ErrorDetails } from '../http/errors'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import { parsePayload, tooLarge, type ReceivedBody } from './body'
import type { OwnerCursor } from '../intake/owners'
import { prepareIntake, receiveRecord } from '../intake/service'
import { compileSettings, type IntakeConfig } from '../intake/settings'
import * as inbound from './repository'
import type {
  CreateInboundWebhookInput,
  Delivery,
  DryRunResult,
  InboundActions,
  InboundWebhook,
  InboundWebhookWithUrl,
  UpdateInboundWebhookInput,
} from './schema'

/** Deliveries older than this are pruned. */
export const deliveryRetentionDays = 30
/** Each webhook keeps at most this many deliveries, the newest. */
export const maxDeliveriesPerWebhook = 500

const tokenPrefix = 'in_'

type WebhookRow = Selectable<InboundWebhookTable>

/** A new URL token: `in_` and 32 random bytes (256 bits) in base64url. */
const generateToken = () => generateSecret(tokenPrefix)
const looksLikeToken = (value: string) => looksLikeSecret(value, tokenPrefix)

/** The path of a webhook URL for this token. */
export const webhookPath = (token: string) => `/webhooks/in/${token}`

function normalizeActions(actions: IntakeConfig['actions']): InboundActions {
  return {
    assignOwner: actions.assignOwner ?? null,
    addTags: actions.addTags ?? [],
    createDeal: actions.createDeal ?? null,
  }
}

export function toWebhook(row: WebhookRow): InboundWebhook {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    objectType: row.objectType,
    mapping: JSON.parse(row.mapping) as InboundWebhook['mapping'],
    dedupe: { strategy: row.dedupeStrategy, fields: JSON.parse(row.dedupeFields) as string[] },
    defaultCountry: row.defaultCountry,
    actions: JSON.parse(row.actions) as InboundActions,
    enabled: row.enabled === 1,
    tokenPrefix: row.tokenPrefix,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    rotatedAt: row.rotatedAt,
    revokedAt: row.revokedAt,
  }
}

function configOf(webhook: InboundWebhook): IntakeConfig {
  return {
    objectType: webhook.objectType,
    mapping: webhook.mapping,
    dedupe: webhook.dedupe,
    defaultCountry: webhook.defaultCountry,
    actions: webhook.actions,
  }
}

/** Checks a configuration: its shape (400) and the ids it names (422). */
async function validateConfig(db: Db, tenantId: string, config: IntakeConfig): Promise<void> {
  await prepareIntake(db, tenantId, config)
}

/** Where a webhook's URL lives: the address the admin reached, and the tunnel's while it is up. */
export interface WebhookOrigins {
  local: string
  public: string | null
}

function withUrl(
  webhook: InboundWebhook,
  token: string,
  origins: WebhookOrigins,
): InboundWebhookWithUrl {
  const path = webhookPath(token)
  return {
    ...webhook,
    token,
    path,
    url: origins.local + path,
    publicUrl: origins.public && origins.public + path,
  }
}

/**
 * Creates an inbound webhook. The result holds its token and URL: the only time they are shown,
 * since only the token's SHA-256 is kept.
 */
export async function createWebhook(
  db: Db,
  tenantId: string,
  input: CreateInboundWebhookInput,
  origins: WebhookOrigins,
  now: Date,
): Promise<InboundWebhookWithUrl> {
  const actions = normalizeActions(input.actions)
  const config = {
    ...input,
    dedupe: { ...input.dedupe, fields: input.dedupe.fields ?? [] },
    actions,
  }
  await validateConfig(db, tenantId, config)
  const token = generateToken()
  const timestamp = now.toISOString()
  const row: WebhookRow = {
    id: randomUUID(),
    tenantId,
    name: input.name,
    objectType: input.objectType,
    mapping: JSON.stringify(input.mapping),
    dedupeStrategy: config.dedupe.strategy,
    dedupeFields: JSON.stringify(config.dedupe.fields),
    defaultCountry: input.defaultCountry,
    actions: JSON.stringify(actions),
    enabled: input.enabled ? 1 : 0,
    tokenHash: hashSecret(token),
    tokenPrefix: token.slice(0, tokenPrefix.length + 6),
    ownerCursor: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
    rotatedAt: null,
    revokedAt: null,
  }
  await inbound.insertWebhook(db, row)
  return withUrl(toWebhook(row), token, origins)
}

async function getWebhookRow(db: Db, tenantId: string, id: string): Promise<WebhookRow> {
  const row = await inbound.findWebhookById(db, tenantId, id)
  if (!row) throw notFound('Inbound webhook')
  return row
}

function assertNotRevoked(row: WebhookRow): void {
  if (row.revokedAt) {
    throw new ApiError(
      409,
      'webhook_revoked',
      'This inbound webhook is revoked; create a new one instead',
      { revokedAt: row.revokedAt },
    )
  }
}

export async function getWebhook(db: Db, tenantId: string, id: string): Promise<InboundWebhook> {
  return toWebhook(await getWebhookRow(db, tenantId, id))
}

export async function listWebhooks(
  db: Db,
  tenantId: string,
  request: PageRequest,
): Promise<Page<InboundWebhook>> {
  const page = await selectTenantPage(db, 'inboundWebhooks', tenantId, request)
  return { ...page, data: page.data.map(toWebhook) }
}

/** Changes the settings sent; mapping, dedupe and actions are replaced whole. */
export async function updateWebhook(
  db: Db,
  tenantId: string,
  id: string,
  input: UpdateInboundWebhookInput,
  now: Date,
): Promise<InboundWebhook> {
  return inTransaction(db, async (trx) => {
    const row = await getWebhookRow(trx, tenantId, id)
    assertNotRevoked(row)
    const before = toWebhook(row)
    const after: InboundWebhook = {
      ...before,
      ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      dedupe: input.dedupe
        ? { strategy: input.dedupe.strategy, fields: input.dedupe.fields ?? [] }
        : before.dedupe,
      actions: input.actions ? normalizeActions(input.actions) : before.actions,
      updatedAt: now.toISOString(),
    }
    await validateConfig(trx, tenantId, configOf(after))
    await inbound.updateWebhook(trx, id, {
      name: after.name,
      objectType: after.objectType,
      mapping: JSON.stringify(after.mapping),
      dedupeStrategy: after.dedupe.strategy,
      dedupeFields: JSON.stringify(after.dedupe.fields),
      defaultCountry: after.defaultCountry,
      actions: JSON.stringify(after.actions),
      enabled: after.enabled ? 1 : 0,
      updatedAt: after.updatedAt,
    })
    return after
  })
}

/** Revokes for good: the URL answers 404 at once. The webhook and its log stay readable. */
export async function revokeWebhook(db: Db, tenantId: string, id: string, now: Date) {
  await inTransaction(db, async (trx) => {
    const row = await getWebhookRow(trx, tenantId, id)
    if (row.revokedAt) return
    await inbound.updateWebhook(trx, id, {
      revokedAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
  })
}

/** Gives the webhook a new token: the old URL answers 404 at once. */
export async function rotateWebhook(
  db: Db,
  tenantId: string,
  id: string,
  origins: WebhookOrigins,
  now: Date,
): Promise<InboundWebhookWithUrl> {
  return inTransaction(db, async (trx) => {
    const row = await getWebhookRow(trx, tenantId, id)
    assertNotRevoked(row)
    const token = generateToken()
    const changes = {
      tokenHash: hashSecret(token),
      tokenPrefix: token.slice(0, tokenPrefix.length + 6),
      rotatedAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }
    await inbound.updateWebhook(trx, id, changes)
    return withUrl(toWebhook({ ...row, ...changes }), token, origins)
  })
}

/** The live (not revoked) webhook this URL token opens, or null. */
export async function findWebhookByToken(db: Db, token: string): Promise<InboundWebhook | null> {
  if (!looksLikeToken(token)) return null
  const hash = hashSecret(token)
  // The lookup is by hash, so its timing says nothing about the token; the final comparison is
  // constant-time all the same.
  const row = await inbound.findWebhookByTokenHash(db, hash)
  if (!row || !sameDigest(row.tokenHash, hash) || row.revokedAt) return null
  return toWebhook(row)
}

function ownerCursor(webhookId: string): OwnerCursor {
  return {
    read: (db) => inbound.readOwnerCursor(db, webhookId),
    advance: (db, by) => inbound.advanceOwnerCursor(db, webhookId, by),
  }
}

export function toDelivery(row: Selectable<InboundDeliveryTable>): Delivery {
  const response = JSON.parse(row.response) as Delivery['response']
  return {
    id: row.id,
    webhookId: row.webhookId,
    receivedAt: row.receivedAt,
    contentType: row.contentType,
    body: row.body ? row.body.toString('utf8') : null,
    bodySize: row.bodySize,
    outcome: row.outcome,
    status: row.status,
    response,
    error: (response.error as Delivery['error'] | undefined) ?? null,
    personId: row.personId,
    dealId: row.dealId,
    replayOf: row.replayOf,
  }
}

export interface IncomingDelivery {
  contentType: string | null
  body: ReceivedBody
  /** The delivery this one replays. */
  replayOf?: string
}

function errorBody(error: ApiError) {
  const { code, message, details } = error
  return { error: { code, message, ...(details ? { details } : {}) } }
}

/** Writes a delivery to the log and prunes the log by age and count. */
async function logDelivery(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  result: Pick<Delivery, 'outcome' | 'status' | 'response' | 'personId' | 'dealId'>,
  now: Date,
): Promise<Delivery> {
  const row: Selectable<InboundDeliveryTable> = {
    seq: 0,
    id: randomUUID(),
    tenantId: webhook.tenantId,
    webhookId: webhook.id,
    receivedAt: now.toISOString(),
    contentType: incoming.contentType,
    body: incoming.body.bytes,
    bodySize: incoming.body.size,
    outcome: result.outcome,
    status: result.status,
    response: JSON.stringify(result.response),
    personId: result.personId,
    dealId: result.dealId,
    replayOf: incoming.replayOf ?? null,
  }
  const { seq: _seq, ...values } = row
  return inTransaction(db, async (trx) => {
    await inbound.insertDelivery(trx, values)
    const cutoff = new Date(now.getTime() - deliveryRetentionDays * 86_400_000)
    await inbound.deleteDeliveriesBefore(trx, cutoff.toISOString())
    await inbound.deleteDeliveriesBeyond(trx, webhook.id, maxDeliveriesPerWebhook)
    return toDelivery(row)
  })
}

async function logRejection(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  error: ApiError,
  now: Date,
): Promise<Delivery> {
  return logDelivery(
    db,
    webhook,
    incoming,
    {
      outcome: 'rejected',
      status: error.status,
      response: errorBody(error),
      personId: null,
      dealId: null,
    },
    now,
  )
}

/**
 * Takes one delivery through the webhook: refuses it when the webhook is disabled (unless
 * `ignoreDisabled`, for replays), parses the body, maps and deduplicates it, and writes the records
 * and the log entry in one transaction. A rejection is logged too, with the error answered, so it
 * can be replayed once the cause is fixed. Unexpected failures are logged as a 500 and rethrown.
 */
export async function processDelivery(
  db: Db,
  webhook: InboundWebhook,
  incoming: IncomingDelivery,
  now: Date,
  options: { ignoreDisabled?: boolean } = {},
): Promise<Delivery> {
  try {
    if (!webhook.enabled && !options.ignoreDisabled) {
      throw new ApiError(403, 'webhook_disabled', 'This inbound webhook is disabled in Outpost')
    }
    if (!incoming.body.bytes) throw tooLarge()
    const payload = await parsePayload(incoming.body.bytes, incoming.contentType)
    const settings = compileSettings(configOf(webhook))
    // `return await`: a failure inside the transaction must reach the catch below.
    return await inTransaction(db, async (trx) => {
      const { result } = await receiveRecord(
        trx,
        webhook.tenantId,
        settings,
        payload,
        ownerCursor(webhook.id),
        now,
      )
      return logDelivery(trx, webhook, incoming, result, now)
    })
  } catch (error) {
    if (error instanceof ApiError) return logRejection(db, webhook, incoming, error, now)
    await logRejection(
      db,
      webhook,
      incoming,
      new ApiError(500, 'internal', 'Something went wrong on our side'),
      now,
    )
    throw error
  }
}

class DryRunRollback extends Error {
  constructor(readonly result: DryRunResult) {
    super('dry run')
  }
}

/**
 * What a delivery of `payload` would do, without keeping anything: the mapped record, the dedupe
 * decision and the company link. It runs the whole intake in a transaction that is always rolled
 * back, so it fails exactly where a delivery would (a 422, a 409) and leaves no trace: no record,
 * no event, no log entry, no owner handed out.
 */
export async function dryRun(
  db: Db,
  webhook: InboundWebhook,
  payload: Record<string, unknown>,
  now: Date,
): Promise<DryRunResult> {
  const settings = compileSettings(configOf(webhook))
  try {
    await db.transaction().execute(async (trx) => {
      const { plan, result } = await receiveRecord(
        trx,
        webhook.tenantId,
        settings,
        payload,
        ownerCursor(webhook.id),
        now,
      )
      throw new DryRunRollback({
        ok: true,
        dryRun: true,
        status: result.status,
        outcome: result.outcome,
        record: {
          person: plan.dedupe ? { ...plan.record.person } : null,
          deal: plan.deal ? { ...plan.record.deal, ...plan.deal } : null,
        },
        dedupe: plan.dedupe,
        company: plan.company,
      })
    })
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result
    throw error
  }
  throw new Error('unreachable: a dry run always rolls back')
}

/** A dry run from the body of a request to the public URL. */
export async function dryRunBody(
  db: Db,
  webhook: InboundWebhook,
  contentType: string | null,
  body: ReceivedBody,
  now: Date,
): Promise<DryRunResult> {
  if (!body.bytes) throw tooLarge()
  return dryRun(db, webhook, await parsePayload(body.bytes, contentType), now)
}

export async function listDeliveries(
  db: Db,
  tenantId: string,
  webhookId: string,
  request: PageRequest,
): Promise<Page<Delivery>> {
  await getWebhookRow(db, tenantId, webhookId)
  const page = await paginate(
    request,
    () => inbound.countDeliveries(db, webhookId),
    (limit, offset) => inbound.listDeliveries(db, webhookId, limit, offset),
  )
  return { ...page, data: page.data.map(toDelivery) }
}

async function getDeliveryRow(db: Db, tenantId: string, webhookId: string, id: string) {
  const row = await inbound.findDelivery(db, tenantId, webhookId, id)
  if (!row) throw notFound('Delivery')
  return row
}

export async function getDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  id: string,
): Promise<Delivery> {
  await getWebhookRow(db, tenantId, webhookId)
  return toDelivery(await getDeliveryRow(db, tenantId, webhookId, id))
}

/**
 * Runs a logged delivery again, as if its body had just arrived, through the webhook's current
 * settings (so a mapping fixed since is used), even while the webhook is disabled. The replay is
 * a new log entry pointing at the original.
 */
export async function replayDelivery(
  db: Db,
  tenantId: string,
  webhookId: string,
  id: string,
  now: Date,
): Promise<Delivery> {
  const row = await getWebhookRow(db, tenantId, webhookId)
  assertNotRevoked(row)
  const original = await getDeliveryRow(db, tenantId, webhookId, id)
  if (!original.body) {
    const details: ErrorDetails = { bodySize: original.bodySize }
    throw new ApiError(
      409,
      'not_replayable',
      'The body of this delivery was over the size limit and was not kept',
      details,
    )
  }
  return processDelivery(
    db,
    toWebhook(row),
    {
      contentType: original.contentType,
      body: { bytes: original.body, size: original.bodySize },
      replayOf: original.id,
    },
    now,
    { ignoreDisabled: true },
  )
}
