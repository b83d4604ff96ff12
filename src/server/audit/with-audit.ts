import type { AuthContext } from '../app-env'
import { inTransaction, type Db } from '../db/connection'
import { recordAudit, type AuditRecord } from './service'

/**
 * Runs a management change and records it in the audit log in the same transaction: both commit,
 * or neither. `targetId` null takes the id of what the change returns (a created record's).
 */
export function withAudit<R>(
  db: Db,
  auth: AuthContext,
  now: Date,
  record: AuditRecord,
  work: (trx: Db) => Promise<R>,
): Promise<R> {
  return inTransaction(db, async (trx) => {
    const result = await work(trx)
    const targetId = record.targetId ?? (result as { id?: string } | undefined)?.id ?? null
    await recordAudit(trx, auth, { ...record, targetId }, now)
    return result
  })
}
