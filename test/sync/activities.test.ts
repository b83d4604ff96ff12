// Activities sync: scheduled offline and reminded on every laptop, a repeating one marked done
// makes one next occurrence everywhere, a due time is one decision, a merge of two people moves
// their activities, and activity types are the server's (docs/sync-protocol.md).
import { describe, expect, it } from 'vitest'
import { createActivityType, listActivityTypes } from '../../src/server/activities/activity-types'
import { fireDueReminders } from '../../src/server/activities/reminders'
import { createActivity, updateActivity } from '../../src/server/activities/service'
import { ApiError } from '../../src/server/http/errors'
import { createPerson } from '../../src/server/people/service'
import {
  mirrorSettings,
  readSettings,
  type WorkspaceSettings,
} from '../../src/server/sync/workspace-settings'
import { activitiesOf, peopleOf, teamWithReplicas, type Replica } from './support'

const team = teamWithReplicas()
const replica = () => team.replica()

const expectSameActivities = (...copies: Replica[]) => team.expectSame(activitiesOf, ...copies)

const hours = (n: number) => new Date(Date.now() + n * 3_600_000)
/** The date `days` from now, in UTC (the test workspace's zone). */
const day = (days: number) =>
  hours(days * 24)
    .toISOString()
    .slice(0, 10)

describe('activities on replicas', () => {
  it("an activity scheduled offline, of the server's own type, reaches every copy and reminds on each", async () => {
    await createActivityType(
      team.server.db,
      team.server.tenantId,
      { key: 'visit', name: 'Site visit' },
      new Date(),
    )
    const { body: person } = await team.server.api.post('/api/v1/people', { fullName: 'Visited' })
    const [a, b] = [await replica(), await replica()]
    const visit = await createActivity(
      a.db,
      a.tenantId,
      {
        type: 'visit',
        subject: 'Visit the plant',
        dueDate: day(2),
        dueTime: '10:00',
        timeZone: 'UTC',
        reminderMinutes: 30,
        personIds: [person.id],
      },
      new Date(),
    )
    await a.sync()
    await b.sync()
    const [synced] = (await expectSameActivities(a, b)).filter((x) => x.id === visit.id)
    expect(synced).toMatchObject({
      type: 'visit',
      personIds: [person.id],
      dueAt: `${day(2)}T10:00:00.000Z`,
      remindAt: `${day(2)}T09:30:00.000Z`,
    })
    // Each laptop reminds from its own copy, offline; the server fires its own reminder.due.
    const due = new Date(`${day(2)}T09:31:00.000Z`)
    for (const copy of [a.db, b.db, team.server.db]) {
      expect((await fireDueReminders(copy, due)).map((x) => x.id)).toContain(visit.id)
    }
  })

  it('a repeating activity marked done on a laptop makes one next occurrence, on every copy', async () => {
    const { body: weekly } = await team.server.api.post('/api/v1/activities', {
      type: 'call',
      subject: 'Weekly check-in',
      dueDate: day(0),
      dueTime: '15:00',
      recurrence: 'weekly',
    })
    const [a, b] = [await replica(), await replica()]
    await updateActivity(a.db, a.tenantId, weekly.id, { done: true }, new Date())
    await a.sync()
    await b.sync()
    await a.sync()
    const series = (await expectSameActivities(a, b)).filter((x) => x.subject === 'Weekly check-in')
    expect(series).toHaveLength(2)
    const [done, next] = [
      series.find((x) => x.id === weekly.id)!,
      series.find((x) => x.id !== weekly.id)!,
    ]
    expect(done).toMatchObject({ done: true, recurrence: null })
    expect(done.doneAt).not.toBeNull()
    expect(next).toMatchObject({ done: false, recurrence: 'weekly', dueDate: day(7) })
    // The server's subscribers heard it as done, once.
    const doneEvents = []
    for (let after = '', more = true; more;) {
      const { body } = await team.server.api.get(
        `/api/v1/events?type=activity.done&limit=1000&after=${after}`,
      )
      const page = body as {
        data: { data: { object: { id: string } } }[]
        nextCursor: string
        hasMore: boolean
      }
      doneEvents.push(...page.data.filter((event) => event.data.object.id === weekly.id))
      ;[after, more] = [page.nextCursor, page.hasMore]
    }
    expect(doneEvents).toHaveLength(1)
  })

  it('a done activity given a repeat rule elsewhere makes no occurrence on a laptop that had it open', async () => {
    const { body: call } = await team.server.api.post('/api/v1/activities', {
      type: 'call',
      subject: 'One-off call',
      dueDate: day(1),
    })
    const laptop = await replica()
    // Done, then given a rule: its next occurrence is made when it is next marked done.
    await team.server.api.patch(`/api/v1/activities/${call.id}`, { done: true })
    await team.server.api.patch(`/api/v1/activities/${call.id}`, { recurrence: 'monthly' })
    await laptop.sync()
    await laptop.sync()
    const calls = (await expectSameActivities(laptop)).filter((x) => x.subject === 'One-off call')
    expect(calls).toEqual([expect.objectContaining({ done: true, recurrence: 'monthly' })])
  })

  it('a due date and time moved on two laptops end as one of the two times, not a mix', async () => {
    const { body: meeting } = await team.server.api.post('/api/v1/activities', {
      type: 'meeting',
      subject: 'Quarterly review',
      dueDate: day(3),
      dueTime: '09:00',
    })
    const [a, b] = [await replica(), await replica()]
    await updateActivity(a.db, a.tenantId, meeting.id, { dueTime: '16:00' }, hours(-1))
    await updateActivity(b.db, b.tenantId, meeting.id, { dueDate: day(4) }, new Date())
    // Other fields written apart both stay.
    await updateActivity(a.db, a.tenantId, meeting.id, { subject: 'Q3 review' }, hours(-1))
    await updateActivity(b.db, b.tenantId, meeting.id, { priority: 'high' }, new Date())
    for (const copy of [b, a, b]) await copy.sync()
    const [synced] = (await expectSameActivities(a, b)).filter((x) => x.id === meeting.id)
    // b moved it later: its whole time wins (its date, with the time it had there).
    expect(synced).toMatchObject({
      dueDate: day(4),
      dueTime: '09:00',
      subject: 'Q3 review',
      priority: 'high',
    })
  })

  it("two laptops making one e-mail move both people's activities to the one kept, on every copy", async () => {
    const [a, b] = [await replica(), await replica()]
    const made = []
    for (const [copy, name, at] of [
      [a, 'Bia (a)', hours(-2)],
      [b, 'Bia (b)', hours(-1)],
    ] as const) {
      const person = await createPerson(
        copy.db,
        copy.tenantId,
        { fullName: name, primaryEmail: 'bia@activities.test' },
        at,
      )
      made.push(
        await createActivity(
          copy.db,
          copy.tenantId,
          { type: 'task', subject: `Follow up ${name}`, personIds: [person.id] },
          at,
        ),
      )
    }
    for (let round = 0; round < 2; round++) for (const copy of [b, a]) await copy.sync()
    const activities = await expectSameActivities(a, b)
    const bia = (await peopleOf(team.server.db, team.server.tenantId)).filter(
      (person) => person.primaryEmail === 'bia@activities.test',
    )
    expect(bia).toHaveLength(1)
    for (const { id } of made) {
      expect(activities.find((x) => x.id === id)?.personIds).toEqual([bia[0]!.id])
    }
  })

  it('a pull without activity types (a server of an older build) leaves the replica’s as they are', async () => {
    await createActivityType(
      team.server.db,
      team.server.tenantId,
      { key: 'legacy', name: 'Legacy' },
      new Date(),
    )
    const laptop = await replica()
    const keys = async () =>
      (await listActivityTypes(laptop.db, laptop.tenantId)).map((type) => type.key)
    expect(await keys()).toContain('legacy')
    const { activityTypes: _sent, ...older } = await readSettings(
      team.server.db,
      team.server.tenantId,
    )
    await mirrorSettings(laptop.db, laptop.tenantId, older as WorkspaceSettings)
    expect(await keys()).toContain('legacy')
    await mirrorSettings(laptop.db, laptop.tenantId, { ...older, activityTypes: [] })
    expect(await keys()).not.toContain('legacy')
  })

  it('activity types are the server’s: adding one on a replica is refused', async () => {
    const laptop = await replica()
    await expect(
      createActivityType(laptop.db, laptop.tenantId, { key: 'demo', name: 'Demo' }, new Date()),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof ApiError &&
        error.code === 'forbidden' &&
        (error.details as { reason?: string }).reason === 'replica_settings',
    )
  })
})
