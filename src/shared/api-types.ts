import type { EventType } from './events'
import type { LifecycleStage } from './lifecycle'

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
