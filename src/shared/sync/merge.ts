// The conflict rules of docs/sync-protocol.md, section 5, as pure functions: the server and every
// replica run this same code, so they reach the same state whatever order changes arrive in.
// Field names come from the network: they are kept in Maps, never used as keys of plain objects
// being written, so a field called `__proto__` or `constructor` is an ordinary field.
import { parseHlc } from './hlc'

/**
 * A synced record as the rules see it: each field's value and the clock (HLC text) that wrote it.
 * A deleted record is a tombstone: `deleted` with no fields and no clocks.
 */
export interface RecordState {
  readonly deleted: boolean
  readonly fields: Readonly<Record<string, unknown>>
  readonly clocks: Readonly<Record<string, string>>
}

/** A write as a replica pushes it: every field of one write shares the write's clock. */
export interface PushedChange {
  readonly op: 'upsert' | 'delete'
  readonly fields: Readonly<Record<string, unknown>>
  readonly hlc: string
}

/** A change as the server's log hands it out: each field with its current clock. */
export interface PulledChange {
  readonly op: 'upsert' | 'delete'
  readonly fields: Readonly<Record<string, unknown>>
  readonly clocks: Readonly<Record<string, string>>
}

/** A change to one record, pushed or pulled. */
export type Change = PushedChange | PulledChange

/**
 * What applying a change did. `upserted`: `changed` lists the fields whose incoming clock was
 * newer (none when everything was older or already there) and `created` says the record was new.
 * `deleted`: the record is a tombstone now; `alreadyDeleted` when it was one before. `refused`: an
 * edit of a deleted record (rule 3), with the state unchanged.
 */
export type ApplyResult =
  | { status: 'upserted'; state: RecordState; changed: string[]; created: boolean }
  | { status: 'deleted'; state: RecordState; alreadyDeleted: boolean }
  | { status: 'refused'; reason: 'deleted'; state: RecordState }

/** One of two records found to share a unique value (an e-mail), with its creation clock. */
export interface DuplicateRecord {
  readonly id: string
  readonly createdHlc: string
  readonly state: RecordState
}

/**
 * The outcome of rule 4: the earlier record survives, with its id and creation clock and both
 * records' fields; `mergedId` is the later record's id, which becomes an alias of the survivor.
 */
export interface MergedDuplicate {
  readonly survivor: DuplicateRecord
  readonly mergedId: string
}

/** The state of a deleted record. */
export const tombstone: RecordState = Object.freeze({
  deleted: true,
  fields: Object.freeze({}),
  clocks: Object.freeze({}),
})

/**
 * A record's state after one change (`state` undefined when the record is not known yet):
 * - rule 1 and 2: each field takes the incoming value when its incoming clock is greater, as
 *   text, than the clock it has (so the node id breaks ties last); creating a record that already
 *   exists is the same per-field merge;
 * - rule 3: a delete wins whatever the clocks, and an upsert of a deleted record is refused.
 * Applying a change twice, or a set of changes in any order, gives the same state. Throws when a
 * clock is not HLC text or a pulled field has no clock: such a change is malformed.
 */
export function applyChange(state: RecordState | undefined, change: Change): ApplyResult {
  const clockOf = incomingClocks(change)
  if (change.op === 'delete') {
    return { status: 'deleted', state: tombstone, alreadyDeleted: state?.deleted === true }
  }
  if (state?.deleted) return { status: 'refused', reason: 'deleted', state }
  const fields = new Map(Object.entries(state?.fields ?? {}))
  const clocks = new Map(Object.entries(state?.clocks ?? {}))
  const changed: string[] = []
  for (const [field, value] of Object.entries(change.fields)) {
    const incoming = clockOf(field)
    const current = clocks.get(field)
    if (current !== undefined && incoming <= current) continue
    fields.set(field, value)
    clocks.set(field, incoming)
    changed.push(field)
  }
  return {
    status: 'upserted',
    state: { deleted: false, fields: sortedObject(fields), clocks: sortedObject(clocks) },
    changed,
    created: state === undefined,
  }
}

/**
 * Rule 4: two live records sharing a unique value. The one created later (by creation clock, then
 * by id) is merged into the earlier, whose state takes the later one's fields by rule 1. Either
 * argument order gives the same answer, and so does any order of merging three or more. Throws
 * for a deleted record or the same id twice.
 */
export function mergeDuplicate(a: DuplicateRecord, b: DuplicateRecord): MergedDuplicate {
  if (a.id === b.id) throw new Error(`mergeDuplicate: ${a.id} cannot be merged into itself`)
  for (const record of [a, b]) {
    if (record.state.deleted) throw new Error(`mergeDuplicate: ${record.id} is deleted`)
  }
  const aFirst = compareCreation(a, b) < 0
  const [earlier, later] = aFirst ? [a, b] : [b, a]
  const merged = applyChange(earlier.state, {
    op: 'upsert',
    fields: later.state.fields,
    clocks: later.state.clocks,
  })
  return { survivor: { ...earlier, state: merged.state }, mergedId: later.id }
}

function compareCreation(a: DuplicateRecord, b: DuplicateRecord): number {
  const aClock = canonicalClock(a.createdHlc)
  const bClock = canonicalClock(b.createdHlc)
  if (aClock !== bClock) return aClock < bClock ? -1 : 1
  return a.id < b.id ? -1 : 1
}

// Each field's incoming clock, checked to be HLC text so that comparing texts is comparing clocks.
function incomingClocks(change: Change): (field: string) => string {
  if ('hlc' in change) {
    const hlc = canonicalClock(change.hlc)
    return () => hlc
  }
  const clocks = new Map(Object.entries(change.clocks))
  for (const field of Object.keys(change.fields)) {
    const clock = clocks.get(field)
    if (clock === undefined) throw new Error(`The change has no clock for its field "${field}"`)
    clocks.set(field, canonicalClock(clock))
  }
  return (field) => clocks.get(field) ?? ''
}

// parseHlc accepts exactly the texts formatHlc writes, so a clock that parses is canonical.
function canonicalClock(text: string): string {
  parseHlc(text)
  return text
}

// Keys in one order, so that states reached in different orders are equal even as JSON text.
function sortedObject<T>(map: Map<string, T>): Record<string, T> {
  return Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
