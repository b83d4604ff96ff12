import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { startTestServer, type TestServer } from '../support/server'

// Wednesday 25 November 2026, 12:00 in São Paulo (UTC-3).
const clock = createTestClock('2026-11-25T15:00:00.000Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
  await server.admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
})
afterAll(() => server.close())

const schedule = (subject: string, fields: Record<string, unknown> = {}) =>
  server.api.post('/api/v1/activities', { subject, ...fields })

describe('GET /api/app/v1/my-work', () => {
  it('buckets open activities by the workspace calendar, with a badge of overdue and today', async () => {
    await schedule('Last week', { dueDate: '2026-11-18' })
    await schedule('This morning', { dueDate: '2026-11-25', dueTime: '09:00' })
    await schedule('This afternoon', { dueDate: '2026-11-25', dueTime: '16:00' })
    await schedule('Today, any time', { dueDate: '2026-11-25' })
    await schedule('Tomorrow', { dueDate: '2026-11-26' })
    await schedule('Sunday', { dueDate: '2026-11-29' })
    await schedule('Next Monday', { dueDate: '2026-11-30' })
    await schedule('Someday')
    await schedule('Done already', { dueDate: '2026-11-25', done: true })
    const { status, body } = await server.admin.get('/api/app/v1/my-work')
    expect(status).toBe(200)
    const subjects = (bucket: string) =>
      body.buckets[bucket].map((activity: { subject: string }) => activity.subject)
    expect(body.today).toBe('2026-11-25')
    expect(subjects('overdue')).toEqual(['Last week', 'This morning'])
    expect(subjects('today')).toEqual(['Today, any time', 'This afternoon'])
    expect(subjects('tomorrow')).toEqual(['Tomorrow'])
    expect(subjects('thisWeek')).toEqual(['Sunday'])
    expect(subjects('noDate')).toEqual(['Someday'])
    expect(body.badge).toBe(4)
  })

  it('late in the evening, today is still the local day', async () => {
    // 23:30 in São Paulo is already Thursday in UTC.
    clock.set('2026-11-26T02:30:00.000Z')
    const { body } = await server.admin.get('/api/app/v1/my-work')
    expect(body.today).toBe('2026-11-25')
    clock.set('2026-11-25T15:00:00.000Z')
  })

  it('narrows to one assignee', async () => {
    const user = await server.admin.post('/api/app/v1/users', { name: 'Bia' })
    await schedule('For Bia', { dueDate: '2026-11-25', assigneeId: user.body.id })
    const { body } = await server.admin.get(`/api/app/v1/my-work?assigneeId=${user.body.id}`)
    expect(body.badge).toBe(1)
    expect(body.buckets.today[0].subject).toBe('For Bia')
  })
})
