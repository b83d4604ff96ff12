// Notes sync: written offline on a replica, edited elsewhere, gone with their person; and a merge
// of two people leaves one note telling of it on every copy (docs/sync-protocol.md).
import { describe, expect, it } from 'vitest'
import { createNote, updateNote } from '../../src/server/notes/service'
import { createPerson, deletePerson } from '../../src/server/people/service'
import { notesOf, teamWithReplicas, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const expectSameNotes = (...copies: Replica[]) => team.expectSame(notesOf, ...copies)

const hours = (n: number) => new Date(Date.now() + n * 3_600_000)

describe('notes on replicas', () => {
  it('a note written offline, on a laptop a day fast, reaches the server with its time; edits meet', async () => {
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Noted' })
    const [a, b] = [await replica(), await replica()]
    const written = hours(24)
    const note = await createNote(
      a.db,
      a.tenantId,
      { body: 'Prefers calls after lunch', personId: person.id },
      written,
    )
    await a.sync(hours(24))
    await b.sync()
    await updateNote(b.db, b.tenantId, note.id, { pinned: true }, new Date())
    await updateNote(a.db, a.tenantId, note.id, { body: 'Prefers calls at 3 pm' }, hours(24))
    await b.sync()
    await a.sync(hours(24))
    await b.sync()
    const notes = await expectSameNotes(a, b)
    expect(notes.find((n) => n.id === note.id)).toMatchObject({
      body: 'Prefers calls at 3 pm',
      pinned: true,
      notedAt: written.toISOString(),
    })
  })

  it('a note goes with its person, and an edit of it made meanwhile elsewhere is refused', async () => {
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Leaving' })
    const { body: note } = await team.server.api.post('/api/v1/notes', {
      body: 'Old note',
      personId: person.id,
    })
    const [a, b] = [await replica(), await replica()]
    await deletePerson(a.db, a.tenantId, person.id, new Date())
    await updateNote(b.db, b.tenantId, note.id, { body: 'Edited meanwhile' }, new Date())
    const written = await createNote(
      b.db,
      b.tenantId,
      { body: 'New note', personId: person.id },
      new Date(),
    )
    await a.sync()
    const report = await b.sync()
    expect(report.rejected.map((r) => r.seq)).toEqual([1, 2])
    await a.sync()
    const notes = await expectSameNotes(a, b)
    expect(notes.map((n) => n.id)).not.toContain(note.id)
    expect(notes.map((n) => n.id)).not.toContain(written.id)
  })

  it('two laptops making one e-mail leave one note of the merge, on every copy', async () => {
    const [a, b] = [await replica(), await replica()]
    await createPerson(
      a.db,
      a.tenantId,
      { fullName: 'Ana (a)', primaryEmail: 'ana@notes.test' },
      hours(-2),
    )
    await createPerson(
      b.db,
      b.tenantId,
      { fullName: 'Ana (b)', primaryEmail: 'ana@notes.test' },
      hours(-1),
    )
    for (let round = 0; round < 2; round++) for (const copy of [b, a]) await copy.sync()
    const notes = await expectSameNotes(a, b)
    // Which Ana is the earlier depends on the laptops' clocks; one note tells of the merge.
    expect(notes.filter((n) => n.body.startsWith('Merged with “Ana ('))).toHaveLength(1)
  })
})
