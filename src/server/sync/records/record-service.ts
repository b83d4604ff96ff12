// What sync needs of each synced table's service (records/*.ts): apply.ts, pull.ts and replica.ts
// read and write every kind of record through it, so a change from elsewhere gets the events,
// search index, counts and checks of any other write.
import type { z } from '@hono/zod-openapi'
import type { Db } from '../../db/connection'
import type { CreationCursor } from '../../db/tenant-page'
import type { MadeElsewhere } from '../../ids'
import type { SyncedTable } from '../synced-records'

export type Fields = Record<string, unknown>

/** A record as sync sees it: at least its id and creation time, then its fields by name. */
export type SyncedRecord = Fields & { id: string; createdAt: string }

/** A field that points at another record (or, a list of ids, at several), and where they live. */
export interface Reference {
  field: string
  /** A synced table (its ids may be aliases, rule 4), or the workspace's users (settings). */
  to: SyncedTable | 'users'
}

/**
 * A field no two records of a workspace may share (a person's e-mail, a company's domain): two
 * offline laptops making one value end as one record (rule 4, merge-duplicates.ts).
 */
export interface UniqueField {
  field: string
  /** The field that names a record, for the note that tells of a merge. */
  nameField: string
  /**
   * The record holding `value` here, if any, for the change to record `id` setting `fields` (a
   * saved view's name is unique within its list: the list is one of the fields, or the record's).
   */
  holder(
    db: Db,
    tenantId: string,
    value: string,
    change: { id: string; fields: Fields },
  ): Promise<string | undefined>
  /** Frees the value without an event: what follows in the transaction says what happened. */
  release(db: Db, tenantId: string, id: string): Promise<void>
  /** Points every link to `from` at `to`, the record it now lives on as (none link to a view). */
  moveLinks?(db: Db, tenantId: string, from: string, to: string, now: Date): Promise<void>
  /** A note on the survivor telling of the merge (a view has nowhere to keep one). */
  noteMerge?(db: Db, tenantId: string, id: string, otherName: string, now: Date): Promise<void>
}

export interface RecordService {
  /** The synced fields a change may carry, each checked as the API checks it. */
  fields: z.ZodType<Fields>
  references: readonly Reference[]
  unique?: UniqueField
  /** The fields a record cannot be created without. */
  required: readonly string[]
  find(db: Db, tenantId: string, id: string): Promise<SyncedRecord | undefined>
  /** In creation order, `limit` at a time after `after` (snapshots). */
  listAfter(
    db: Db,
    tenantId: string,
    after: CreationCursor | null,
    limit: number,
  ): Promise<SyncedRecord[]>
  create(db: Db, tenantId: string, fields: Fields, now: Date, made: MadeElsewhere): Promise<unknown>
  update(db: Db, tenantId: string, id: string, fields: Fields, now: Date): Promise<unknown>
  remove(db: Db, tenantId: string, id: string, now: Date): Promise<void>
}

/** The note on a merge's survivor (rule 4): what was merged into it, and why. */
export const mergeNote = (what: string, otherName: string, same: string) =>
  `Merged with ${otherName ? `“${otherName}”, ` : ''}${what} with the same ${same} created ` +
  'elsewhere (on another computer, or before it synced): one now.'
