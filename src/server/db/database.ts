import type { Role } from '../../shared/permissions'
import type { ColumnType, Generated } from 'kysely'

// Column names are camelCase here and snake_case in SQL: Kysely's CamelCasePlugin maps between them.
// Timestamps are ISO 8601 strings in UTC with milliseconds, so text order is time order.

export type StageType = 'open' | 'won' | 'lost'
export type TokenScope = 'api' | 'admin'

export interface WorkspaceTable {
  id: string
  name: string
  rateLimitPerMinute: number
  /** Days a settled event is kept before it is pruned. */
  eventRetentionDays: Generated<number>
  /** IANA zone of the workspace's dates; null is the machine's own. */
  timeZone: string | null
  /** A timed activity's reminder, minutes before, when it names none. */
  reminderMinutes: Generated<number>
  /** HH:MM when date-only activities are reminded (the morning digest). */
  digestTime: Generated<string>
  createdAt: string
  updatedAt: string
}

/** The FTS5 index of the first letters of each word of people's names and e-mails (search). */
export interface PeoplePrefixTable {
  rowid: number
}

/** The FTS5 trigram index of people's names and e-mails (search of three characters or more). */
export interface PeopleSearchTable {
  rowid: number
}

/**
 * One rate-limit window per key, shared by the server processes on one PostgreSQL database
 * (http/rate-limit.ts); PostgreSQL only: a server on a SQLite file counts in memory.
 */
export interface RateLimitWindowTable {
  key: string
  /** When the window began, in ms since the epoch. */
  startedAt: number
  count: number
}

/**
 * A person's or deal's event past the event retention, kept for its timeline (events/history.ts):
 * the event with only what a timeline tells of it.
 */
export interface RecordHistoryTable {
  tenantId: string
  resourceId: string
  /** The event's seq: its place among the events still in the feed. */
  seq: number
  /** The event as JSON, its `data` cut to the fields the change named. */
  payload: string
  actor: string | null
}

export interface EventHorizonTable {
  tenantId: string
  /** The greatest seq pruned from the workspace's events. */
  prunedThrough: number
}

export interface DatabaseIdentityTable {
  singleton: 1
  /** Random, made anew whenever the file is restored or replaced (db/identity.ts). */
  id: string
  /** The device and inode the file had when the id was made; null for an in-memory database. */
  fileId: string | null
  createdAt: string
  /** The id of the key that seals credentials (sealing/), null until the first server start. */
  sealingKeyId: Generated<string | null>
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
  /** Chance of winning, 0-100; null follows the type (won 100, lost 0, open 0). */
  probability: Generated<number | null>
  /** Days an open deal may stay before it is shown as rotting; null never. */
  rottingDays: Generated<number | null>
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
  /** fullName folded for the order by name, written with it (people/repository.ts). */
  nameKey: ColumnType<string, string | undefined, string>
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
  /** The deal's own chance of winning, overriding its stage's; null follows the stage. */
  probability: Generated<number | null>
  customFields: string
  /** title folded for the order by title, written with it (deals/repository.ts). */
  titleKey: ColumnType<string, string | undefined, string>
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
  /** Requests a minute this token may make; null follows its workspace's limit. */
  rateLimitPerMinute: Generated<number | null>
  /** The account that made it: its rights never exceed that account's role. Null: CLI or owner. */
  createdByAccountId: Generated<string | null>
}

/** A workspace's number of people or of deals, kept exact by triggers (see its migration). */
export interface RecordCountTable {
  tenantId: string
  kind: 'people' | 'deals'
  total: number
  /** Inserts and deletes so far: list positions hold while it stays the same. */
  changes: Generated<number>
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
  /** Who or what made the change, JSON (events/actor.ts); null before it was recorded. */
  actor: Generated<string | null>
  createdAt: string
  /** The hybrid logical clock of the write (docs/sync-protocol.md); null before sync came. */
  hlc: Generated<string | null>
}

export interface SessionTable {
  id: string
  /** SHA-256 of the cookie value, hex. The value itself is never stored. */
  secretHash: string
  createdAt: string
  expiresAt: string
  lastSeenAt: string
  /** The signed-in account; null for the machine's owner (desktop window, plain login link). */
  accountId: Generated<string | null>
}

export interface LoginLinkTable {
  id: string
  /** SHA-256 of the link's secret, hex. The secret itself is never stored. */
  secretHash: string
  createdAt: string
  expiresAt: string
  /** The account the link signs in; null for the machine's owner. */
  accountId: Generated<string | null>
}

export interface WebhookSubscriptionTable {
  id: string
  tenantId: string
  url: string
  description: string | null
  /** JSON array of event types and wildcards (`deal.*`, `*`). */
  eventTypes: string
  /** 1 or 0. */
  enabled: number
  /** `whsec_` and base64, sealed (sealing/): the HMAC key must be read back to sign. */
  secret: string
  /** The secret before the last rotation; it keeps signing until previousSecretExpiresAt. */
  previousSecret: string | null
  previousSecretExpiresAt: string | null
  /** Why the worker disabled the subscription (410 Gone, failing for 5 days); null otherwise. */
  disabledReason: string | null
  disabledAt: string | null
  /** Every event up to this seq is settled for this subscription. */
  cursorSeq: number
  /** Failed attempts of the next event so far. */
  retryCount: number
  nextAttemptAt: string | null
  /** First failed attempt since the last success. */
  failingSince: string | null
  /** 1: each event waits for the one before it to be delivered or given up (delivery.ts). */
  strictOrder: Generated<number>
  /** The failingSince and disabledAt already alerted about (alerts.ts), so each is told once. */
  alertedFailingSince: Generated<string | null>
  alertedDisabledAt: Generated<string | null>
  createdAt: string
  updatedAt: string
}

/** An event a subscription's endpoint refused, set aside to be retried or recovered by hand. */
export interface WebhookDeliveryTable {
  subscriptionId: string
  eventSeq: number
  eventId: string
  tenantId: string
  /** `retrying` on its own schedule; `failed` once the schedule is used up. */
  status: 'retrying' | 'failed'
  attempts: number
  nextAttemptAt: string | null
  /** The first failed attempt. */
  failedAt: string
  lastStatus: number | null
  lastError: string | null
}

export type AttemptTrigger = 'scheduled' | 'manual' | 'test'

export interface WebhookAttemptTable {
  seq: Generated<number>
  id: string
  tenantId: string
  subscriptionId: string
  eventId: string
  eventType: string
  trigger: AttemptTrigger
  attemptNumber: number | null
  attemptedAt: string
  durationMs: number
  /** 1 or 0. */
  succeeded: number
  responseStatus: number | null
  responseExcerpt: string | null
  error: string | null
  nextAttemptAt: string | null
}

export type InboundObjectType = 'person' | 'deal'
export type DedupeStrategy = 'email' | 'phone' | 'composite' | 'none'
export type DeliveryOutcome = 'created' | 'updated' | 'rejected'

export interface InboundWebhookTable {
  id: string
  tenantId: string
  name: string
  objectType: InboundObjectType
  /** JSON object text: target field -> constant or template. */
  mapping: string
  dedupeStrategy: DedupeStrategy
  /** JSON array text: the fields of a composite strategy. */
  dedupeFields: string
  /** ISO 3166 alpha-2 country for phone numbers written without a country code. */
  defaultCountry: string
  /** JSON object text: the post-receipt actions. */
  actions: string
  /** 1 or 0. */
  enabled: number
  /** SHA-256 of the URL token, hex. The token itself is never stored. */
  tokenHash: string
  tokenPrefix: string
  /** Deliveries this webhook takes per minute before answering 429. */
  rateLimitPerMinute: number
  /** The request log keeps at most this many deliveries, the newest. */
  logMaxRequests: Generated<number>
  /** ... and at most this many bytes of their bodies. */
  logMaxBytes: Generated<number>
  /** Where a delivery's body holds its id (`data.id`), deduplicating retries; null for none. */
  deliveryIdPath: Generated<string | null>
  /** Where a plain HTML form's browser goes after posting (303); null answers JSON as always. */
  redirectUrl: Generated<string | null>
  /** JSON array of the origins whose pages may post with fetch (CORS); `*` for any. */
  allowedOrigins: Generated<string>
  /** How deliveries prove their sender (inbound/verification.ts). */
  verificationKind: Generated<string>
  /** The header holding the shared secret, for kind `header`. */
  verificationHeader: Generated<string | null>
  /** The shared secret or signing secret, sealed (sealing/). */
  verificationSecret: Generated<string | null>
  createdAt: string
  updatedAt: string
  rotatedAt: string | null
  revokedAt: string | null
}

/** Where a round-robin webhook's owner assignment stands; no row until it hands one out. */
export interface InboundOwnerCursorTable {
  webhookId: string
  /** How many owners it has handed out. */
  handedOut: number
}

/** An inbound webhook's logged deliveries and the bytes of bodies they keep, kept by triggers. */
export interface InboundLogTotalTable {
  webhookId: string
  requests: number
  keptBytes: number
}

export interface InboundDeliveryTable {
  seq: Generated<number>
  id: string
  tenantId: string
  webhookId: string
  receivedAt: string
  contentType: string | null
  /** The body as received; null when it was not read (over the size limit). */
  body: Buffer | null
  bodySize: number
  /** Bytes of the body kept: all of it, or the first few KiB of a rejected delivery's. */
  keptBytes: number
  outcome: DeliveryOutcome
  status: number
  /** JSON text of the response sent. */
  response: string
  personId: string | null
  dealId: string | null
  replayOf: string | null
  /** JSON `{query, headers}` of the request, for `{{query.x}}` mappings; null before they were kept. */
  requestContext: Generated<string | null>
}

/** The machine's tunnel settings: one row, id 1. */
export interface TunnelSettingsTable {
  id: number
  enabled: number
  provider: 'localtunnel' | 'ngrok' | 'cloudflared'
  localtunnelHost: string | null
  subdomain: string | null
  /** The user's own ngrok token, sealed (sealing/), needed to reconnect; never returned by the API. */
  ngrokAuthtoken: string | null
  updatedAt: string
}

export interface ActivityTypeTable {
  tenantId: string
  key: string
  name: string
  createdAt: string
}

export interface ActivityTable {
  id: string
  tenantId: string
  type: string
  subject: string
  body: string
  /** YYYY-MM-DD in timeZone; null for an activity with no date. */
  dueDate: string | null
  /** HH:MM; null for a date-only activity. */
  dueTime: string | null
  timeZone: string | null
  /** The instant the activity is due (date-only: the start of its day), for ordering. */
  dueAt: string | null
  durationMinutes: number | null
  /** 0 or 1. */
  done: number
  doneAt: string | null
  outcome: string | null
  priority: string
  assigneeId: string | null
  dealId: string | null
  companyId: string | null
  recurrence: string | null
  reminderMinutes: number | null
  /** When its reminder fires; null without one. */
  remindAt: string | null
  /** When its reminder fired (reminder.due); null until then, and again after a snooze. */
  remindedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface ActivityPersonTable {
  activityId: string
  personId: string
}

export interface NoteTable {
  id: string
  tenantId: string
  body: string
  authorId: string | null
  /** 0 or 1. */
  pinned: number
  personId: string | null
  dealId: string | null
  companyId: string | null
  /** When what it records happened: now, or earlier for a back-dated note. */
  notedAt: string
  createdAt: string
  updatedAt: string
}

export interface SavedViewTable {
  id: string
  tenantId: string
  resource: 'deals' | 'people'
  name: string
  /** The list's query string: filters and sort. */
  query: string
  createdAt: string
  updatedAt: string
}

/** The first answer to an idempotency key, replayed to retries until it expires (idempotency/). */
export interface IdempotencyKeyTable {
  /** `api:<workspace id>` or `inbound:<webhook id>`. */
  scope: string
  key: string
  /** sha256 of the method, path and body: a retry must send the same request. */
  requestHash: string
  state: 'running' | 'done'
  status: number | null
  /** JSON: the answer's headers worth replaying (Content-Type, Location). */
  headers: string | null
  body: string | null
  createdAt: string
  expiresAt: string
}

/** A person's sign-in identity (issue 16). */
export interface AccountTable {
  id: string
  /** Lower-cased. */
  email: string
  name: string
  /** `scrypt$N$r$p$salt$hash`; null for an account that signs in by link only. */
  passwordHash: string | null
  createdAt: string
  updatedAt: string
}

/** An account's role in one workspace, and the workspace user it acts as. */
export interface MembershipTable {
  accountId: string
  tenantId: string
  role: Role
  userId: string | null
  createdAt: string
  updatedAt: string
}

export interface AuditLogTable {
  id: string
  tenantId: string
  at: string
  actorKind: 'account' | 'token' | 'owner'
  actorId: string | null
  actorName: string
  action: string
  targetType: string
  targetId: string | null
  /** JSON object of the fields sent; secrets left out. */
  summary: string
}

/** A synced record's clocks (docs/sync-protocol.md, section 5). */
export interface SyncClockTable {
  tableName: string
  recordId: string
  tenantId: string
  /** 1: a tombstone; an edit arriving later is refused. */
  deleted: Generated<number>
  createdHlc: string
  /** JSON object: each field's clock. */
  clocks: string
}

/** Rule 4 of sync: a merged record's id, and the record it lives on as. */
export interface RecordAliasTable {
  tableName: string
  aliasId: string
  survivorId: string
  tenantId: string
  /** The pushed mutation that was merged (null when the merge was made otherwise). */
  clientId: string | null
  seq: number | null
  createdAt: string
}

/** A team server's replica: the newest of its mutations the server has settled. */
export interface SyncClientTable {
  clientId: string
  tenantId: string
  lastSeq: number
  createdAt: string
  lastSeenAt: string
}

export interface SyncRejectionTable {
  clientId: string
  seq: number
  reason: string
  /** The mutation as pushed, JSON. */
  mutation: string
  createdAt: string
}

/** A replica's link to its team server, one per workspace it replicates. */
export interface SyncLinkTable {
  tenantId: string
  /** The replica's name for this link on the server: its mutations' client id, its clocks' node. */
  clientId: string
  serverUrl: string
  /** Sealed (sealing/): the API token of the workspace the replica syncs with. */
  serverToken: string
  /** The number of the replica's newest mutation. */
  lastSeq: Generated<number>
  /** JSON: what its token may do in the workspace, as the server last said (checked offline). */
  permissions: Generated<string>
  /** Where the next pull starts; null before the first snapshot is loaded. */
  cursor: string | null
  lastSyncedAt: string | null
  lastError: string | null
}

/** A replica's write not yet settled by the server. */
export interface SyncOutboxTable {
  /** The link (workspace) the write belongs to; seq counts per link. */
  tenantId: string
  seq: number
  tableName: string
  recordId: string
  op: 'upsert' | 'delete'
  /** JSON object: the changed fields' new values. */
  fields: string
  hlc: string
  schemaVersion: string
  createdAt: string
}

export interface Database {
  workspaces: WorkspaceTable
  users: UserTable
  companies: CompanyTable
  pipelines: PipelineTable
  stages: StageTable
  lostReasons: LostReasonTable
  recordCounts: RecordCountTable
  workspaceCurrencies: WorkspaceCurrencyTable
  people: PersonTable
  personTags: PersonTagTable
  deals: DealTable
  dealTags: DealTagTable
  apiTokens: ApiTokenTable
  events: EventTable
  eventHorizons: EventHorizonTable
  recordHistory: RecordHistoryTable
  rateLimitWindows: RateLimitWindowTable
  databaseIdentity: DatabaseIdentityTable
  peoplePrefix: PeoplePrefixTable
  peopleSearch: PeopleSearchTable
  inboundWebhooks: InboundWebhookTable
  inboundDeliveries: InboundDeliveryTable
  inboundLogTotals: InboundLogTotalTable
  inboundOwnerCursors: InboundOwnerCursorTable
  webhookSubscriptions: WebhookSubscriptionTable
  webhookAttempts: WebhookAttemptTable
  webhookDeliveries: WebhookDeliveryTable
  sessions: SessionTable
  loginLinks: LoginLinkTable
  tunnelSettings: TunnelSettingsTable
  activityTypes: ActivityTypeTable
  activities: ActivityTable
  activityPeople: ActivityPersonTable
  notes: NoteTable
  savedViews: SavedViewTable
  idempotencyKeys: IdempotencyKeyTable
  syncClocks: SyncClockTable
  recordAliases: RecordAliasTable
  syncClients: SyncClientTable
  syncRejections: SyncRejectionTable
  syncLinks: SyncLinkTable
  syncOutbox: SyncOutboxTable
  accounts: AccountTable
  memberships: MembershipTable
  auditLog: AuditLogTable
}
