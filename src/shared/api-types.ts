import type { EventType } from './events'
import type { LifecycleStage } from './lifecycle'
import type { TunnelProviderName } from './tunnel'

// The JSON shapes of the API as the UI reads them. The server builds the same shapes from its zod
// schemas; test/shared-api-types.test.ts fails to compile when the two drift apart.

export interface Page<T> {
  data: T[]
  page: number
  pageSize: number
  total: number
  hasMore: boolean
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: { field?: string; [key: string]: unknown } }
}

export interface Person {
  id: string
  tenantId: string
  fullName: string
  primaryEmail: string | null
  primaryPhone: string | null
  companyId: string | null
  ownerId: string | null
  lifecycleStage: LifecycleStage | null
  leadSource: string | null
  tags: string[]
  customFields: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

export interface Deal {
  id: string
  tenantId: string
  title: string
  value: number
  currency: string
  pipelineId: string
  stageId: string
  ownerId: string | null
  expectedCloseDate: string | null
  primaryPersonId: string | null
  primaryCompanyId: string | null
  lostReasonId: string | null
  closedAt: string | null
  tags: string[]
  customFields: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

export type StageType = 'open' | 'won' | 'lost'

export interface Stage {
  id: string
  pipelineId: string
  name: string
  type: StageType
  position: number
  createdAt: string
  updatedAt: string
}

export interface Pipeline {
  id: string
  tenantId: string
  name: string
  position: number
  stages: Stage[]
  createdAt: string
  updatedAt: string
}

export interface User {
  id: string
  tenantId: string
  name: string
  email: string | null
  createdAt: string
  updatedAt: string
}

export interface Company {
  id: string
  tenantId: string
  name: string
  domain: string | null
  createdAt: string
  updatedAt: string
}

export interface LostReason {
  id: string
  tenantId: string
  name: string
  createdAt: string
  updatedAt: string
}

export interface Currency {
  code: string
  createdAt: string
}

export type TokenScope = 'api' | 'admin'

export interface ApiToken {
  id: string
  name: string
  scope: TokenScope
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

export interface CreatedApiToken extends ApiToken {
  token: string
}

export interface BoardCard {
  id: string
  title: string
  value: number
  currency: string
  stageId: string
  ownerId: string | null
  ownerName: string | null
  primaryPersonId: string | null
  personName: string | null
  primaryCompanyId: string | null
  companyName: string | null
  expectedCloseDate: string | null
  lostReasonId: string | null
  closedAt: string | null
  updatedAt: string
}

export interface BoardColumn {
  stageId: string
  count: number
  totals: { currency: string; value: number }[]
  deals: BoardCard[]
}

export interface Board {
  pipeline: Pipeline
  columns: BoardColumn[]
}

export interface TimelineEvent {
  id: string
  type: EventType
  createdAt: string
  tenantId: string
  data: Record<string, unknown>
}

export interface WorkspaceSummary {
  id: string
  name: string
}

export interface SessionState {
  expiresAt: string
  workspaces: WorkspaceSummary[]
}

export type MappingValue = string | number | boolean | string[]
export type DedupeStrategy = 'email' | 'phone' | 'composite' | 'none'
export type InboundObjectType = 'person' | 'deal'

export interface InboundWebhook {
  id: string
  tenantId: string
  name: string
  objectType: InboundObjectType
  mapping: Record<string, MappingValue>
  dedupe: { strategy: DedupeStrategy; fields: string[] }
  defaultCountry: string
  actions: {
    assignOwner: { userIds: string[] } | null
    addTags: string[]
    createDeal: {
      pipelineId: string
      stageId: string
      title: string
      value?: number | string
      currency?: string
    } | null
  }
  enabled: boolean
  tokenPrefix: string
  createdAt: string
  updatedAt: string
  rotatedAt: string | null
  revokedAt: string | null
}

export interface InboundWebhookWithUrl extends InboundWebhook {
  token: string
  path: string
  url: string
  /** The same URL on the tunnel while it is up, else null. */
  publicUrl: string | null
}

export type DeliveryOutcome = 'created' | 'updated' | 'rejected'

export interface InboundDelivery {
  id: string
  webhookId: string
  receivedAt: string
  contentType: string | null
  body: string | null
  bodySize: number
  outcome: DeliveryOutcome
  status: number
  response: Record<string, unknown>
  error: ApiErrorBody['error'] | null
  personId: string | null
  dealId: string | null
  replayOf: string | null
}

export interface DryRunResult {
  ok: true
  dryRun: true
  status: number
  outcome: DeliveryOutcome
  record: { person: Record<string, unknown> | null; deal: Record<string, unknown> | null }
  dedupe: {
    strategy: DedupeStrategy
    decision: 'create' | 'update'
    personId: string | null
    matchedOn: string[] | null
  } | null
  company: { domain: string; companyId: string | null; decision: 'link' | 'create' } | null
}

export interface WebhookSubscription {
  id: string
  url: string
  description: string | null
  eventTypes: string[]
  enabled: boolean
  disabledReason: string | null
  disabledAt: string | null
  failingSince: string | null
  nextAttemptAt: string | null
  previousSecretExpiresAt: string | null
  createdAt: string
  updatedAt: string
}

export interface CreatedWebhookSubscription extends WebhookSubscription {
  secret: string
}

export interface SigningSecret {
  secret: string
  previousSecret: string | null
  previousSecretExpiresAt: string | null
}

export interface WebhookAttempt {
  id: string
  subscriptionId: string
  eventId: string
  eventType: string
  trigger: 'scheduled' | 'manual' | 'test'
  attemptNumber: number | null
  attemptedAt: string
  durationMs: number
  succeeded: boolean
  responseStatus: number | null
  responseExcerpt: string | null
  error: string | null
  nextAttemptAt: string | null
}

export interface ImportResult {
  rows: number
  created: number
  updated: number
  rejected: number
  skipped: number
  rejections: { line: number; field: string | null; code: string; message: string }[]
  warnings: string[]
}

/** The machine's tunnel to the inbound webhooks: its settings and live state. */
export interface Tunnel {
  enabled: boolean
  provider: TunnelProviderName
  localtunnelHost: string | null
  subdomain: string | null
  ngrokAuthtokenSet: boolean
  status: 'off' | 'connecting' | 'connected' | 'reconnecting'
  publicUrl: string | null
  lastError: string | null
  failures: number
  nextAttemptAt: string | null
  providers: { name: TunnelProviderName; available: boolean; reason: string | null }[]
}

export interface TunnelUpdate {
  enabled?: boolean
  provider?: TunnelProviderName
  localtunnelHost?: string | null
  subdomain?: string | null
  ngrokAuthtoken?: string | null
}
