// Inbound webhooks as a resource: their settings (checked by intake), their secret URLs, and
// the webhook a URL token opens. Deliveries are in delivery-service.ts, their log in
// delivery-log.ts.

import { newId } from '../ids'
import type { Selectable } from 'kysely'
import { generateSecret, hashSecret, looksLikeSecret, sameDigest } from '../secrets'
import { inTransaction, type Db } from '../db/connection'
import { createTokenCache } from '../auth/token-cache'
import { selectTenantPage } from '../db/tenant-page'
import type { InboundWebhookTable } from '../db/database'
import { ApiError, notFound } from '../http/errors'
import type { PageRequest } from '../http/pagination'
import type { OwnerCursor } from '../intake/owners'
import { prepareIntake } from '../intake/service'
import { compileSettings, type IntakeConfig, type IntakeSettings } from '../intake/settings'
import * as inbound from './repository'
import type {
  CreateInboundWebhookInput,
  InboundActions,
  InboundWebhook,
  InboundWebhookWithUrl,
  UpdateInboundWebhookInput,
} from './schema'
import { compileDeliveryIdPath } from './delivery-id'
import { seal, unseal } from '../sealing/sealed-text'
import { namesItsHeader, type VerificationKind } from './verification'

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
    rateLimitPerMinute: row.rateLimitPerMinute,
    logMaxRequests: row.logMaxRequests,
    logMaxBytes: row.logMaxBytes,
    deliveryIdPath: row.deliveryIdPath,
    redirectUrl: row.redirectUrl,
    allowedOrigins: JSON.parse(row.allowedOrigins) as string[],
    verification: {
      kind: row.verificationKind as VerificationKind,
      header: row.verificationHeader,
      secretSet: row.verificationSecret !== null,
    },
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

/** A saved webhook's settings, compiled for intake (they were checked when saved). */
export function intakeSettingsOf(webhook: InboundWebhook): IntakeSettings {
  return compileSettings(configOf(webhook))
}

/** Where the webhook's round-robin owner assignment stands, kept beside the webhook. */
export function ownerCursor(webhookId: string): OwnerCursor {
  return {
    read: (db) => inbound.readOwnerCursor(db, webhookId),
    advance: (db, by) => inbound.advanceOwnerCursor(db, webhookId, by),
  }
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
  if (input.deliveryIdPath) compileDeliveryIdPath(input.deliveryIdPath)
  const actions = normalizeActions(input.actions)
  const config = {
    ...input,
    dedupe: { ...input.dedupe, fields: input.dedupe.fields ?? [] },
    actions,
  }
  // The shape (400) and the ids it names (422).
  await prepareIntake(db, tenantId, config)
  const token = generateToken()
  const timestamp = now.toISOString()
  const row: WebhookRow = {
    id: newId(),
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
    rateLimitPerMinute: input.rateLimitPerMinute,
    logMaxRequests: input.logMaxRequests,
    logMaxBytes: input.logMaxBytes,
    deliveryIdPath: input.deliveryIdPath,
    redirectUrl: input.redirectUrl,
    allowedOrigins: JSON.stringify(input.allowedOrigins),
    ...(await verificationColumns(db, input.verification, null)),
    createdAt: timestamp,
    updatedAt: timestamp,
    rotatedAt: null,
    revokedAt: null,
  }
  await inbound.insertWebhook(db, row)
  return withUrl(toWebhook(row), token, origins)
}

export async function getWebhookRow(db: Db, tenantId: string, id: string): Promise<WebhookRow> {
  const row = await inbound.findWebhookById(db, tenantId, id)
  if (!row) throw notFound('Inbound webhook')
  return row
}

export function assertNotRevoked(row: WebhookRow): void {
  if (row.revokedAt) {
    throw new ApiError(
      'webhook_revoked',
      'This inbound webhook is revoked; create a new one instead',
      { revokedAt: row.revokedAt },
    )
  }
}

export async function getWebhook(db: Db, tenantId: string, id: string): Promise<InboundWebhook> {
  return toWebhook(await getWebhookRow(db, tenantId, id))
}

export const listWebhooks = (db: Db, tenantId: string, request: PageRequest) =>
  selectTenantPage(db, 'inboundWebhooks', tenantId, request, (rows) => rows.map(toWebhook))

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
    const { verification, ...fields } = input
    const verificationRow = verification
      ? await verificationColumns(trx, verification, row.verificationSecret)
      : null
    const after: InboundWebhook = {
      ...before,
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      verification: verificationRow
        ? {
            kind: verificationRow.verificationKind as VerificationKind,
            header: verificationRow.verificationHeader,
            secretSet: verificationRow.verificationSecret !== null,
          }
        : before.verification,
      dedupe: input.dedupe
        ? { strategy: input.dedupe.strategy, fields: input.dedupe.fields ?? [] }
        : before.dedupe,
      actions: input.actions ? normalizeActions(input.actions) : before.actions,
      updatedAt: now.toISOString(),
    }
    await prepareIntake(trx, tenantId, configOf(after))
    if (after.deliveryIdPath) compileDeliveryIdPath(after.deliveryIdPath)
    await inbound.updateWebhook(trx, id, {
      name: after.name,
      objectType: after.objectType,
      mapping: JSON.stringify(after.mapping),
      dedupeStrategy: after.dedupe.strategy,
      dedupeFields: JSON.stringify(after.dedupe.fields),
      defaultCountry: after.defaultCountry,
      actions: JSON.stringify(after.actions),
      enabled: after.enabled ? 1 : 0,
      rateLimitPerMinute: after.rateLimitPerMinute,
      logMaxRequests: after.logMaxRequests,
      logMaxBytes: after.logMaxBytes,
      deliveryIdPath: after.deliveryIdPath,
      redirectUrl: after.redirectUrl,
      allowedOrigins: JSON.stringify(after.allowedOrigins),
      ...(verificationRow ?? {}),
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

/**
 * The columns of a verification setting: the secret sealed, or the stored one kept when none is
 * sent. Choosing a kind other than none with no secret at all is a 400 naming the secret.
 */
async function verificationColumns(
  db: Db,
  input: { kind: VerificationKind; header?: string; secret?: string },
  storedSecret: string | null,
) {
  if (input.kind === 'none') {
    return { verificationKind: 'none', verificationHeader: null, verificationSecret: null }
  }
  if (namesItsHeader(input.kind) && !input.header) {
    throw new ApiError(
      'invalid_request',
      `verification.header is required for kind ${input.kind}`,
      { field: 'verification.header' },
    )
  }
  const secret = input.secret ? await seal(db, input.secret) : storedSecret
  if (!secret) {
    throw new ApiError('invalid_request', 'verification.secret is required for this kind', {
      field: 'verification.secret',
    })
  }
  return {
    verificationKind: input.kind,
    verificationHeader: namesItsHeader(input.kind) ? input.header! : null,
    verificationSecret: secret,
  }
}

/** How a webhook's deliveries prove their sender, with the secret unsealed (null if unreadable). */
export async function verificationOf(db: Db, webhook: InboundWebhook) {
  const row = await getWebhookRow(db, webhook.tenantId, webhook.id)
  return {
    kind: webhook.verification.kind,
    header: webhook.verification.header,
    secret: row.verificationSecret ? unseal(row.verificationSecret) : null,
  }
}

// A delivery's webhook, kept as the API tokens are: until a write to the webhooks (or a rollback,
// or another process's commit) changes the access stamp. Read and parsed on every delivery it was
// a twentieth of one (bench/ W7).
const liveWebhooks = createTokenCache<InboundWebhook>()

/** The live (not revoked) webhook this URL token opens, or null. */
export async function findWebhookByToken(db: Db, token: string): Promise<InboundWebhook | null> {
  if (!looksLikeToken(token)) return null
  return liveWebhooks(db, token, new Date(), async () => {
    const hash = hashSecret(token)
    // The lookup is by hash, so its timing says nothing about the token; the final comparison is
    // constant-time all the same.
    const row = await inbound.findWebhookByTokenHash(db, hash)
    if (!row || !sameDigest(row.tokenHash, hash) || row.revokedAt) return null
    return { value: toWebhook(row), until: Infinity }
  })
}
