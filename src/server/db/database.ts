import type { Generated } from 'kysely'

// Column names are camelCase here and snake_case in SQL: Kysely's CamelCasePlugin maps between them.
// Timestamps are ISO 8601 strings in UTC with milliseconds, so text order is time order.

export type StageType = 'open' | 'won' | 'lost'
export type TokenScope = 'api' | 'admin'

export interface WorkspaceTable {
  id: string
  name: string
  rateLimitPerMinute: number
  createdAt: string
  updatedAt: string
}

export interface UserTable {
  id: string
  tenantId: string
  name: string
  email: string | null
  createdAt: string
  updatedAt: string
}

export interface CompanyTable {
  id: string
  tenantId: string
  name: string
  domain: string | null
  createdAt: string
  updatedAt: string
}

export interface PipelineTable {
  id: string
  tenantId: string
  name: string
  position: number
  createdAt: string
  updatedAt: string
}

export interface StageTable {
  id: string
  tenantId: string
  pipelineId: string
  name: string
  type: StageType
  position: number
  createdAt: string
  updatedAt: string
}

export interface LostReasonTable {
  id: string
  tenantId: string
  name: string
  createdAt: string
  updatedAt: string
}

export interface WorkspaceCurrencyTable {
  tenantId: string
  code: string
  createdAt: string
}

export interface PersonTable {
  id: string
  tenantId: string
  fullName: string
  primaryEmail: string | null
  primaryPhone: string | null
  companyId: string | null
  ownerId: string | null
  lifecycleStage: string | null
  leadSource: string | null
  /** JSON object text. */
  customFields: string
  createdAt: string
  updatedAt: string
}

export interface PersonTagTable {
  tenantId: string
  personId: string
  tag: string
  position: number
}

export interface DealTable {
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
  /** JSON object text. */
  customFields: string
  createdAt: string
  updatedAt: string
}

export interface DealTagTable {
  tenantId: string
  dealId: string
  tag: string
  position: number
}

export interface ApiTokenTable {
  id: string
  tenantId: string
  name: string
  scope: TokenScope
  /** SHA-256 of the whole token, hex. The token itself is never stored. */
  tokenHash: string
  /** The first characters of the token, so people can tell their tokens apart. */
  tokenPrefix: string
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

export interface EventTable {
  /** Commit order: the change feed's cursor. */
  seq: Generated<number>
  id: string
  tenantId: string
  type: string
  resourceType: string
  resourceId: string
  /** The whole event as JSON text, exactly as it will be delivered. */
  payload: string
  createdAt: string
}

export interface SessionTable {
  id: string
  /** SHA-256 of the cookie value, hex. The value itself is never stored. */
  secretHash: string
  createdAt: string
  expiresAt: string
  lastSeenAt: string
}

export interface Database {
  workspaces: WorkspaceTable
  users: UserTable
  companies: CompanyTable
  pipelines: PipelineTable
  stages: StageTable
  lostReasons: LostReasonTable
  workspaceCurrencies: WorkspaceCurrencyTable
  people: PersonTable
  personTags: PersonTagTable
  deals: DealTable
  dealTags: DealTagTable
  apiTokens: ApiTokenTable
  events: EventTable
  sessions: SessionTable
}
