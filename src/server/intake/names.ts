// Records a door names by what people call them (a pipeline's name, a user's e-mail) rather than
// by id. The door looks them up (a CSV import keeps the workspace's names in memory); intake asks.

import type { Db } from '../db/connection'

/** Lookups by name or id; each throws the 422 naming `field` when `text` names no single record. */
export interface NameLookups {
  pipeline(field: string, text: string): string
  stage(field: string, pipelineId: string, text: string): string
  /** The person with this e-mail. */
  person(trx: Db, field: string, text: string): Promise<string>
  company(field: string, text: string): string
  /** The company with this name, created when the workspace has none. */
  companyOrNew(trx: Db, field: string, text: string, now: Date): Promise<string>
  /** A user by e-mail, name or id. */
  user(field: string, text: string): string
  lostReason(field: string, text: string): string
}
