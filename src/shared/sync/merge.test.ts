import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatHlc } from './hlc'
import {
  applyChange,
  mergeDuplicate,
  tombstone,
  type Change,
  type DuplicateRecord,
  type RecordState,
} from './merge'

const laptopA = 'aaaaaaaaaaaaaaaa'
const laptopB = 'bbbbbbbbbbbbbbbb'
const at = (time: string, node: string, counter = 0) =>
  formatHlc({ ms: Date.parse(`2026-11-25T${time}:00Z`), counter, node })

function applyAll(changes: readonly Change[], start?: RecordState): RecordState | undefined {
  let state = start
  for (const change of changes) state = applyChange(state, change).state
  return state
}

// Random writes with distinct clocks, as real ones are: a node's clock only moves forward and
// node ids differ. Small ranges make same-ms and same-counter ties (broken by node) frequent.
const fieldNames = ['fullName', 'phone', 'email', 'value', '__proto__', 'constructor']
const clockArb = fc
  .record({
    ms: fc.integer({ min: 0, max: 3 }),
    counter: fc.integer({ min: 0, max: 2 }),
    node: fc.constantFrom(laptopA, laptopB, 'server'),
  })
  .map(formatHlc)
const writeArb = fc.record({
  op: fc.constantFrom<'upsert' | 'delete'>('upsert', 'upsert', 'upsert', 'delete'),
  hlc: clockArb,
  fields: fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(fc.integer(), fc.string()), {
    minKeys: 1,
  }),
  pulled: fc.boolean(),
})
type Write = typeof writeArb extends fc.Arbitrary<infer W> ? W : never

// The same write as a replica pushes it (one clock) or as the log hands it out (per field).
function asChange({ op, hlc, fields, pulled }: Write): Change {
  if (!pulled) return { op, fields, hlc }
  return { op, fields, clocks: Object.fromEntries(Object.keys(fields).map((f) => [f, hlc])) }
}
const writesArb = (options: { deletes: boolean }) =>
  fc
    .uniqueArray(writeArb, { selector: (w) => w.hlc, minLength: 1, maxLength: 10 })
    .map((writes) =>
      options.deletes ? writes : writes.map((w) => ({ ...w, op: 'upsert' as const })),
    )
const shuffled = <T>(items: T[]) => fc.shuffledSubarray(items, { minLength: items.length })

describe('applyChange', () => {
  it('creates a record from its first upsert, every field with the write clock', () => {
    const result = applyChange(undefined, {
      op: 'upsert',
      fields: { fullName: 'Bruno Lima', email: 'bruno@acme.com' },
      hlc: at('09:00', laptopA),
    })
    expect(result).toEqual({
      status: 'upserted',
      created: true,
      changed: ['fullName', 'email'],
      state: {
        deleted: false,
        fields: { fullName: 'Bruno Lima', email: 'bruno@acme.com' },
        clocks: { fullName: at('09:00', laptopA), email: at('09:00', laptopA) },
      },
    })
  })

  it('section 5, rule 1: offline edits of different fields both survive', () => {
    const bruno = applyAll([
      { op: 'upsert', fields: { fullName: 'Bruno', phone: null }, hlc: at('09:00', 'server') },
    ])
    const rename: Change = {
      op: 'upsert',
      fields: { fullName: 'Bruno Lima' },
      hlc: at('10:00', laptopA),
    }
    const phone: Change = {
      op: 'upsert',
      fields: { phone: '+5511987654321' },
      hlc: at('10:05', laptopB),
    }
    for (const order of [
      [rename, phone],
      [phone, rename],
    ]) {
      expect(applyAll(order, bruno)?.fields).toEqual({
        fullName: 'Bruno Lima',
        phone: '+5511987654321',
      })
    }
  })

  it('section 5, rule 2: the later clock wins a field even when its push arrives first', () => {
    const deal = applyAll([{ op: 'upsert', fields: { value: 50 }, hlc: at('09:00', 'server') }])
    const fromA: Change = { op: 'upsert', fields: { value: 100 }, hlc: at('10:00', laptopA) }
    const fromB: Change = { op: 'upsert', fields: { value: 200 }, hlc: at('10:05', laptopB) }
    // The server: B pushes first, A a week later.
    const server = applyAll([fromB], deal)
    const late = applyChange(server, fromA)
    expect(late).toMatchObject({ status: 'upserted', changed: [] })
    expect(late.state.fields).toEqual({ value: 200 })
    // A's laptop had applied its own edit; its next pull brings B's value and clock.
    const laptop = applyAll([fromA], deal)
    const pulled = applyChange(laptop, {
      op: 'upsert',
      fields: { value: 200 },
      clocks: { value: at('10:05', laptopB) },
    })
    expect(pulled.state).toEqual(late.state)
  })

  it('section 5, rule 3: an edit of a deal deleted meanwhile is refused as deleted', () => {
    const deal = applyAll([{ op: 'upsert', fields: { stageId: 's1' }, hlc: at('09:00', 'server') }])
    const deleted = applyChange(deal, { op: 'delete', fields: {}, hlc: at('10:00', laptopA) })
    expect(deleted).toEqual({ status: 'deleted', state: tombstone, alreadyDeleted: false })
    const edit = applyChange(deleted.state, {
      op: 'upsert',
      fields: { stageId: 's2' },
      hlc: at('10:30', laptopB),
    })
    expect(edit).toEqual({ status: 'refused', reason: 'deleted', state: tombstone })
  })

  it('deleting twice changes nothing and says the record was already deleted', () => {
    const again = applyChange(tombstone, { op: 'delete', fields: {}, hlc: at('11:00', laptopB) })
    expect(again).toEqual({ status: 'deleted', state: tombstone, alreadyDeleted: true })
  })

  it('merges field by field when a record is created that already exists', () => {
    const existing = applyAll([
      { op: 'upsert', fields: { fullName: 'Ana', phone: '+1' }, hlc: at('10:00', laptopA) },
    ])
    const result = applyChange(existing, {
      op: 'upsert',
      fields: { fullName: 'Ana Souza', email: 'ana@acme.com', phone: '+0' },
      hlc: at('09:00', laptopB),
    })
    expect(result).toMatchObject({ status: 'upserted', created: false, changed: ['email'] })
    expect(result.state.fields).toEqual({ fullName: 'Ana', phone: '+1', email: 'ana@acme.com' })
  })

  it('breaks a tie of ms and counter by node id', () => {
    const fromA: Change = { op: 'upsert', fields: { value: 1 }, hlc: at('10:00', laptopA) }
    const fromB: Change = { op: 'upsert', fields: { value: 2 }, hlc: at('10:00', laptopB) }
    expect(applyAll([fromA, fromB])?.fields).toEqual({ value: 2 })
    expect(applyAll([fromB, fromA])?.fields).toEqual({ value: 2 })
  })

  it('treats fields named like built-ins of objects as ordinary fields', () => {
    const state = applyAll([
      {
        op: 'upsert',
        fields: JSON.parse('{"__proto__": 1, "constructor": 2}'),
        hlc: at('10:00', laptopA),
      },
    ])
    expect(Object.getPrototypeOf(state?.fields)).toBe(Object.prototype)
    expect(Object.keys(state?.fields ?? {})).toEqual(['__proto__', 'constructor'])
    expect(state?.clocks.constructor).toBe(at('10:00', laptopA))
  })

  it('refuses a change whose clock is not a clock, or a pulled field without one', () => {
    expect(() => applyChange(undefined, { op: 'upsert', fields: { a: 1 }, hlc: '10:00' })).toThrow(
      /is not a clock/,
    )
    expect(() =>
      applyChange(undefined, {
        op: 'upsert',
        fields: { a: 1, b: 2 },
        clocks: { a: at('10:00', laptopA) },
      }),
    ).toThrow(/no clock for its field "b"/)
  })

  it('reaches the same state whatever order the same changes arrive in (convergence)', () => {
    fc.assert(
      fc.property(
        writesArb({ deletes: true }).chain((writes) =>
          fc.tuple(fc.constant(writes), shuffled(writes)),
        ),
        ([writes, reordered]) => {
          expect(applyAll(reordered.map(asChange))).toEqual(applyAll(writes.map(asChange)))
        },
      ),
    )
  })

  it('changes nothing when a change is applied twice (idempotence)', () => {
    fc.assert(
      fc.property(writesArb({ deletes: true }), fc.nat(), (writes, pick) => {
        const state = applyAll(writes.map(asChange))
        const again = applyChange(state, asChange(writes[pick % writes.length] as Write))
        expect(again.state).toEqual(state)
        if (again.status === 'upserted') expect(again.changed).toEqual([])
        if (again.status === 'deleted') expect(again.alreadyDeleted).toBe(true)
      }),
    )
  })

  it('keeps edits of different fields, whatever their clocks and order', () => {
    fc.assert(
      fc.property(clockArb, clockArb, fc.boolean(), (first, second, swap) => {
        const name: Change = { op: 'upsert', fields: { fullName: 'Bruno Lima' }, hlc: first }
        const phone: Change = { op: 'upsert', fields: { phone: '+5511987654321' }, hlc: second }
        const state = applyAll(swap ? [phone, name] : [name, phone])
        expect(state?.fields).toEqual({ fullName: 'Bruno Lima', phone: '+5511987654321' })
      }),
    )
  })

  it('gives a same-field conflict to the greater clock, whichever arrives first', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(clockArb, { minLength: 2, maxLength: 2 }),
        fc.boolean(),
        ([first, second], swap) => {
          const one: Change = { op: 'upsert', fields: { value: 'one' }, hlc: first as string }
          const two: Change = { op: 'upsert', fields: { value: 'two' }, hlc: second as string }
          const winner = (first as string) > (second as string) ? 'one' : 'two'
          expect(applyAll(swap ? [two, one] : [one, two])?.fields).toEqual({ value: winner })
        },
      ),
    )
  })

  it('lets a delete win over any edit, whatever the clocks and order', () => {
    fc.assert(
      fc.property(
        writesArb({ deletes: false }).chain((edits) =>
          fc.tuple(fc.constant(edits), clockArb, fc.nat({ max: edits.length })),
        ),
        ([edits, deleteClock, position]) => {
          const changes = edits.map(asChange)
          changes.splice(position, 0, { op: 'delete', fields: {}, hlc: deleteClock })
          expect(applyAll(changes)).toEqual(tombstone)
          for (const edit of edits) {
            expect(applyChange(tombstone, asChange(edit)).status).toBe('refused')
          }
        },
      ),
    )
  })
})

describe('mergeDuplicate', () => {
  const person = (
    id: string,
    created: string,
    fields: Record<string, unknown>,
  ): DuplicateRecord => ({
    id,
    createdHlc: created,
    state: {
      deleted: false,
      fields,
      clocks: Object.fromEntries(Object.keys(fields).map((f) => [f, created])),
    },
  })

  it('section 5, rule 4: the person created later is merged into the earlier one', () => {
    const onA = person('p-a', at('10:00', laptopA), { email: 'ana@acme.com', fullName: 'Ana' })
    const onB = person('p-b', at('10:05', laptopB), {
      email: 'ana@acme.com',
      fullName: 'Ana Souza',
      phone: '+5511987654321',
    })
    const merged = {
      survivor: {
        id: 'p-a',
        createdHlc: at('10:00', laptopA),
        state: {
          deleted: false,
          fields: { email: 'ana@acme.com', fullName: 'Ana Souza', phone: '+5511987654321' },
          clocks: {
            email: at('10:05', laptopB),
            fullName: at('10:05', laptopB),
            phone: at('10:05', laptopB),
          },
        },
      },
      mergedId: 'p-b',
    }
    expect(mergeDuplicate(onA, onB)).toEqual(merged)
    expect(mergeDuplicate(onB, onA)).toEqual(merged)
  })

  it('keeps a field the earlier record edited after the later one was created', () => {
    const earlier: DuplicateRecord = {
      id: 'p-a',
      createdHlc: at('10:00', laptopA),
      state: {
        deleted: false,
        fields: { email: 'ana@acme.com', fullName: 'Ana Souza' },
        clocks: { email: at('10:00', laptopA), fullName: at('11:00', laptopA) },
      },
    }
    const later = person('p-b', at('10:05', laptopB), { email: 'ana@acme.com', fullName: 'Ana S.' })
    expect(mergeDuplicate(later, earlier).survivor.state.fields).toEqual({
      email: 'ana@acme.com',
      fullName: 'Ana Souza',
    })
  })

  // Three records of one e-mail, each field with its own clock: distinct across records, since
  // one write touches one record. Creation clocks may be equal, to exercise the tie by id.
  const duplicatesArb = fc
    .tuple(
      fc.uniqueArray(clockArb, {
        minLength: 3 * fieldNames.length,
        maxLength: 3 * fieldNames.length,
      }),
      fc.array(fc.tuple(clockArb, fc.dictionary(fc.constantFrom(...fieldNames), fc.integer())), {
        minLength: 3,
        maxLength: 3,
      }),
    )
    .map(([pool, records]) =>
      records.map(([createdHlc, fields], i): DuplicateRecord => {
        const clockOf = (f: string) => pool[i * fieldNames.length + fieldNames.indexOf(f)] as string
        const clocks = Object.fromEntries(Object.keys(fields).map((f) => [f, clockOf(f)]))
        return { id: `p-${i}`, createdHlc, state: { deleted: false, fields, clocks } }
      }),
    )
  const byCreation = (a: DuplicateRecord, b: DuplicateRecord) =>
    a.createdHlc === b.createdHlc ? (a.id < b.id ? -1 : 1) : a.createdHlc < b.createdHlc ? -1 : 1

  it('answers the same survivor and state whichever of two records arrives first', () => {
    fc.assert(
      fc.property(duplicatesArb, ([x, y]) => {
        const [a, b] = [x as DuplicateRecord, y as DuplicateRecord]
        const merged = mergeDuplicate(a, b)
        expect(mergeDuplicate(b, a)).toEqual(merged)
        const [earlier, later] = [a, b].sort(byCreation)
        expect(merged.survivor.id).toBe(earlier?.id)
        expect(merged.survivor.createdHlc).toBe(earlier?.createdHlc)
        expect(merged.mergedId).toBe(later?.id)
        // Each field holds the value of the record whose clock for it is greater.
        for (const field of new Set([
          ...Object.keys(a.state.fields),
          ...Object.keys(b.state.fields),
        ])) {
          const clock = (r: DuplicateRecord) =>
            Object.hasOwn(r.state.clocks, field) ? r.state.clocks[field] : ''
          const winner = (clock(a) ?? '') > (clock(b) ?? '') ? a : b
          expect(Object.getOwnPropertyDescriptor(merged.survivor.state.fields, field)?.value).toBe(
            winner.state.fields[field],
          )
        }
      }),
    )
  })

  it('ends with the same person whatever order three duplicates are merged in', () => {
    fc.assert(
      fc.property(
        duplicatesArb.chain((records) => fc.tuple(fc.constant(records), shuffled(records))),
        ([records, reordered]) => {
          const [x, y, z] = records as [DuplicateRecord, DuplicateRecord, DuplicateRecord]
          const leftFirst = mergeDuplicate(mergeDuplicate(x, y).survivor, z).survivor
          const rightFirst = mergeDuplicate(x, mergeDuplicate(y, z).survivor).survivor
          const [first, ...rest] = reordered as [DuplicateRecord, ...DuplicateRecord[]]
          const arrival = rest.reduce((acc, next) => mergeDuplicate(acc, next).survivor, first)
          expect(rightFirst).toEqual(leftFirst)
          expect(arrival).toEqual(leftFirst)
          expect(leftFirst.id).toBe([...records].sort(byCreation)[0]?.id)
        },
      ),
    )
  })

  it('refuses to merge a deleted record or a record with itself', () => {
    const ana = person('p-a', at('10:00', laptopA), { email: 'ana@acme.com' })
    expect(() => mergeDuplicate(ana, ana)).toThrow(/into itself/)
    expect(() =>
      mergeDuplicate(ana, { id: 'p-b', createdHlc: at('10:05', laptopB), state: tombstone }),
    ).toThrow(/p-b is deleted/)
  })
})
