import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { startTestServer, type TestServer } from '../support/server'

// Wednesday 25 November 2026, 09:00 in São Paulo (UTC-3).
const clock = createTestClock('2026-11-25T12:00:00.000Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
  await server.admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
})
afterAll(() => server.close())

const schedule = async (body: Record<string, unknown>) =>
  (await server.api.post('/api/v1/activities', body)).body as { id: string; subject: string }

// The scheduler also runs by itself every 30 seconds; a test checks what has fired (the events),
// whichever run fired it, after asking for a run now.
async function remindersFor(ids: string[]) {
  const { body } = await server.api.get('/api/v1/events?limit=100')
  return (body.data as { type: string; data: { object: { id: string; subject: string } } }[])
    .filter((event) => event.type === 'reminder.due' && ids.includes(event.data.object.id))
    .map((event) => event.data.object.subject)
}

describe('reminders', () => {
  it('fire once, when they come due, as reminder.due with the activity', async () => {
    const call = await schedule({
      type: 'call',
      subject: 'Call Ana',
      dueDate: '2026-11-25',
      dueTime: '10:00',
    })
    const fired = async () => {
      await server.reminders.runNow()
      return remindersFor([call.id])
    }
    // 09:44: not yet (15 minutes before 10:00 is 09:45).
    clock.set('2026-11-25T12:44:00.000Z')
    expect(await fired()).toEqual([])
    clock.set('2026-11-25T12:45:00.000Z')
    expect(await fired()).toEqual(['Call Ana'])
    clock.advance(60_000)
    expect(await fired()).toEqual(['Call Ana'])
  })

  it('a snoozed reminder fires again; a done activity never reminds', async () => {
    const task = await schedule({
      subject: 'Snooze me',
      dueDate: '2026-11-25',
      dueTime: '11:00',
      reminderMinutes: 0,
    })
    const quiet = await schedule({
      subject: 'Done early',
      dueDate: '2026-11-25',
      dueTime: '11:00',
      reminderMinutes: 0,
    })
    const fired = async () => {
      await server.reminders.runNow()
      return remindersFor([task.id, quiet.id])
    }
    await server.api.patch(`/api/v1/activities/${quiet.id}`, { done: true })
    clock.set('2026-11-25T14:00:00.000Z')
    expect(await fired()).toEqual(['Snooze me'])
    await server.api.post(`/api/v1/activities/${task.id}/snooze`, { minutes: 10 })
    clock.advance(9 * 60_000)
    expect(await fired()).toEqual(['Snooze me'])
    clock.advance(60_000)
    expect(await fired()).toEqual(['Snooze me', 'Snooze me'])
  })

  it('a laptop that slept past several reminders fires them all on waking, in order', async () => {
    clock.set('2026-11-25T18:00:00.000Z')
    const ids = [
      await schedule({ subject: 'Thursday digest task', dueDate: '2026-11-26' }),
      await schedule({
        type: 'meeting',
        subject: 'Thursday 14:00 meeting',
        dueDate: '2026-11-26',
        dueTime: '14:00',
      }),
      await schedule({
        type: 'call',
        subject: 'Friday 09:00 call',
        dueDate: '2026-11-27',
        dueTime: '09:00',
        reminderMinutes: 60,
      }),
      await schedule({ subject: 'Next week', dueDate: '2026-12-02' }),
    ].map((activity) => activity.id)
    const fired = async () => {
      await server.reminders.runNow()
      return remindersFor(ids)
    }
    expect(await fired()).toEqual([])
    // The lid closes on Wednesday evening and opens on Friday at 10:00: one run finds them all.
    clock.set('2026-11-27T13:00:00.000Z')
    await server.reminders.runNow()
    expect(await remindersFor(ids)).toEqual([
      'Thursday digest task',
      'Thursday 14:00 meeting',
      'Friday 09:00 call',
    ])
    expect(await fired()).toHaveLength(3)
  })

  it('reminders of work already past when it was written do not fire', async () => {
    const logged = await schedule({
      type: 'call',
      subject: 'Logged late',
      dueDate: '2026-11-20',
      dueTime: '10:00',
    })
    await server.reminders.runNow()
    expect(await remindersFor([logged.id])).toEqual([])
  })
})
