import type { Selectable } from 'kysely'
import type { AuthContext } from '../app-env'
import type { Db } from '../db/connection'
import type { AuditLogTable } from '../db/database'
import { paginate, type Page, type PageRequest } from '../http/pagination'
import { newId } from '../ids'
import * as audit from './repository'
import type { AuditEntry } from './schema'

// Fields whose values never reach the log, whatever the resource: it is read by every admin.
const secretField = /secret|token|password|credential|authorization/i
const maxSummaryLength = 4000

/** `value` with every secret field replaced, at any depth (`verification.secret`). */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      secretField.test(key) ? '[hidden]' : withoutSecrets(field),
    ]),
  )
}

/** The fields of a request as the log keeps them: secrets replaced, long text cut. */
export function auditSummary(changes: unknown): Record<string, unknown> {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return {}
  const kept = withoutSecrets(changes) as Record<string, unknown>
  const text = JSON.stringify(kept)
  return text.length <= maxSummaryLength ? kept : { truncated: text.slice(0, maxSummaryLength) }
}

export interface AuditRecord {
  action: AuditEntry['action']
  targetType: string
  targetId: string | null
  changes?: unknown
}

/** Writes one entry; called with the change's own transaction, so both commit or neither. */
export async function recordAudit(trx: Db, auth: AuthContext, record: AuditRecord, now: Date) {
  await audit.insertAuditEntry(trx, {
    id: newId(),
    tenantId: auth.tenantId,
    at: now.toISOString(),
    actorKind: auth.principal.kind,
    actorId: auth.principal.id,
    actorName: auth.principal.name,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    summary: JSON.stringify(auditSummary(record.changes)),
  })
}

const toAuditEntry = (row: Selectable<AuditLogTable>): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
  action: row.action as AuditEntry['action'],
  targetType: row.targetType,
  targetId: row.targetId,
  changes: JSON.parse(row.summary) as Record<string, unknown>,
})

export const listAuditLog = (
  db: Db,
  tenantId: string,
  request: PageRequest,
): Promise<Page<AuditEntry>> =>
  paginate(
    request,
    () => audit.countAuditEntries(db, tenantId),
    async (limit, offset) =>
      (await audit.listAuditEntries(db, tenantId, limit, offset)).map(toAuditEntry),
  )
