import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../support/clock'
import { createDeal, createPerson, salesPipeline, unknownId } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

// Wednesday 25 November 2026, 12:00 in São Paulo (UTC-3).
const clock = createTestClock('2026-11-25T15:00:00.000Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
  await server.admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
})
afterAll(() => server.close())

const create = (body: Record<string, unknown>) => server.api.post('/api/v1/activities', body)

async function eventsOf(id: string) {
  const { body } = await server.api.get('/api/v1/events?limit=100')
  return (body.data as { type: string; data: { object: { id: string } } }[])
    .filter((event) => event.data.object.id === id)
    .map((event) => event.type)
}

describe('POST /api/v1/activities', () => {
  it('201: schedules a call at a time in the workspace zone, reminded 15 minutes before', async () => {
    const { status, body, headers } = await create({
      type: 'call',
      subject: 'Renewal call',
      dueDate: '2026-11-26',
      dueTime: '10:00',
      durationMinutes: 30,
    })
    expect(status).toBe(201)
    expect(headers.get('location')).toBe(`/api/v1/activities/${body.id}`)
    expect(body).toMatchObject({
      type: 'call',
      subject: 'Renewal call',
      body: '',
      dueDate: '2026-11-26',
      dueTime: '10:00',
      timeZone: 'America/Sao_Paulo',
      dueAt: '2026-11-26T13:00:00.000Z',
      durationMinutes: 30,
      done: false,
      doneAt: null,
      priority: 'normal',
      personIds: [],
      recurrence: null,
      reminderMinutes: 15,
      remindAt: '2026-11-26T12:45:00.000Z',
    })
    expect(await eventsOf(body.id)).toEqual(['activity.created'])
    expect((await server.api.get(`/api/v1/activities/${body.id}`)).body).toEqual(body)
  })

  it('201: a date-only task is reminded in the morning digest of its day', async () => {
    const { body } = await create({ subject: 'Send the proposal', dueDate: '2026-11-27' })
    expect(body).toMatchObject({
      type: 'task',
      dueTime: null,
      dueAt: '2026-11-27T03:00:00.000Z',
      reminderMinutes: 0,
      remindAt: '2026-11-27T11:00:00.000Z',
    })
  })

  it('201: logging a call that happened is a done activity dated now, with no reminder', async () => {
    const { body } = await create({
      type: 'call',
      subject: 'Intro call',
      done: true,
      outcome: 'Interested',
    })
    expect(body).toMatchObject({
      done: true,
      doneAt: '2026-11-25T15:00:00.000Z',
      dueDate: '2026-11-25',
      dueTime: '12:00',
      outcome: 'Interested',
    })
  })

  it('201: links people and a deal, and takes the company from the deal', async () => {
    const company = await server.admin.post('/api/app/v1/companies', { name: 'Acme' })
    const person = await createPerson(server.api, { fullName: 'Ana Lima' })
    const sales = await salesPipeline(server.admin)
    const deal = await createDeal(server.api, sales, {
      title: 'Acme plan',
      primaryCompanyId: company.body.id,
    })
    const { status, body } = await create({
      type: 'meeting',
      subject: 'Demo',
      dealId: deal.id,
      personIds: [person.id, person.id],
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      dealId: deal.id,
      companyId: company.body.id,
      personIds: [person.id],
    })
    const ofPerson = await server.api.get(`/api/v1/activities?personId=${person.id}`)
    expect(ofPerson.body.data.map((item: { id: string }) => item.id)).toEqual([body.id])
    const ofCompany = await server.api.get(`/api/v1/activities?companyId=${company.body.id}`)
    expect(ofCompany.body.total).toBe(1)
  })

  it('takes types the workspace adds, and refuses unknown ones', async () => {
    expect((await create({ type: 'visit', subject: 'On site' })).body.error).toMatchObject({
      code: 'invalid_reference',
      details: { field: 'type' },
    })
    const added = await server.admin.post('/api/app/v1/activity-types', {
      key: 'visit',
      name: 'Site visit',
    })
    expect(added.status).toBe(201)
    expect((await create({ type: 'visit', subject: 'On site' })).status).toBe(201)
    const types = await server.admin.get('/api/app/v1/activity-types')
    expect(types.body.data.map((type: { key: string }) => type.key)).toEqual([
      'call',
      'meeting',
      'email',
      'task',
      'deadline',
      'visit',
    ])
  })

  it('400 and 422 name the field at fault', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'subject'],
      [{ subject: 'x', dueDate: '2026-13-01' }, 400, 'dueDate'],
      [{ subject: 'x', dueDate: '2026-12-01', dueTime: '25:00' }, 400, 'dueTime'],
      [{ subject: 'x', timeZone: 'Mars/Olympus' }, 400, 'timeZone'],
      [{ subject: 'x', priority: 'urgent' }, 400, 'priority'],
      [{ subject: 'x', dueTime: '10:00' }, 400, 'dueTime'],
      [{ subject: 'x', recurrence: 'weekly' }, 400, 'recurrence'],
      [{ subject: 'x', dealId: unknownId }, 422, 'dealId'],
      [{ subject: 'x', personIds: [unknownId] }, 422, 'personIds'],
      [{ subject: 'x', assigneeId: unknownId }, 422, 'assigneeId'],
      [{ subject: 'x', unknown: 1 }, 400, 'unknown'],
    ]
    for (const [body, status, field] of cases) {
      const answer = await create(body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.error.details.field, JSON.stringify(body)).toBe(field)
    }
  })
})

describe('PATCH /api/v1/activities/{id}', () => {
  it('marking done emits activity.done; moving the date moves the reminder', async () => {
    const { body: task } = await create({ subject: 'Prepare quote', dueDate: '2026-11-30' })
    const moved = await server.api.patch(`/api/v1/activities/${task.id}`, {
      dueDate: '2026-12-01',
      dueTime: '09:00',
      reminderMinutes: 60,
    })
    expect(moved.body).toMatchObject({
      dueAt: '2026-12-01T12:00:00.000Z',
      remindAt: '2026-12-01T11:00:00.000Z',
    })
    const done = await server.api.patch(`/api/v1/activities/${task.id}`, {
      done: true,
      outcome: 'Sent',
    })
    expect(done.body).toMatchObject({
      done: true,
      doneAt: '2026-11-25T15:00:00.000Z',
      outcome: 'Sent',
    })
    expect(await eventsOf(task.id)).toEqual([
      'activity.created',
      'activity.updated',
      'activity.done',
    ])
    const again = await server.api.patch(`/api/v1/activities/${task.id}`, { done: true })
    expect(again.body.updatedAt).toBe(done.body.updatedAt)
    expect(await eventsOf(task.id)).toHaveLength(3)
  })

  it('a repeating activity marked done creates the next one, after today', async () => {
    const { body: weekly } = await create({
      type: 'call',
      subject: 'Weekly check-in',
      dueDate: '2026-11-18',
      dueTime: '09:30',
      recurrence: 'weekly',
    })
    const done = await server.api.patch(`/api/v1/activities/${weekly.id}`, { done: true })
    expect(done.body).toMatchObject({ done: true, recurrence: null })
    const open = await server.api.get('/api/v1/activities?done=false&sort=dueAt&pageSize=100')
    const next = open.body.data.find(
      (item: { subject: string }) => item.subject === 'Weekly check-in',
    )
    expect(next).toMatchObject({
      dueDate: '2026-12-02',
      dueTime: '09:30',
      recurrence: 'weekly',
      done: false,
      type: 'call',
    })
  })

  it('snooze fires the reminder again later; delete emits activity.deleted', async () => {
    const { body } = await create({ subject: 'Snoozable', dueDate: '2026-11-25', dueTime: '18:00' })
    const snoozed = await server.api.post(`/api/v1/activities/${body.id}/snooze`, { minutes: 10 })
    expect(snoozed.status).toBe(200)
    expect(snoozed.body.remindAt).toBe('2026-11-25T15:10:00.000Z')
    expect((await server.api.delete(`/api/v1/activities/${body.id}`)).status).toBe(204)
    expect((await server.api.get(`/api/v1/activities/${body.id}`)).status).toBe(404)
    expect(await eventsOf(body.id)).toEqual([
      'activity.created',
      'activity.updated',
      'activity.deleted',
    ])
  })

  it('404 for an activity of another workspace', async () => {
    const { body } = await create({ subject: 'Mine' })
    const other = await server.otherWorkspace('Elsewhere')
    expect((await other.admin.get(`/api/v1/activities/${body.id}`)).status).toBe(404)
    expect((await other.admin.patch(`/api/v1/activities/${body.id}`, { done: true })).status).toBe(
      404,
    )
  })
})

describe('GET /api/v1/activities', () => {
  it('filters by due dates and done, soonest first with undated ones last', async () => {
    const { body } = await server.api.get(
      '/api/v1/activities?done=false&dueFrom=2026-11-26&dueTo=2026-11-27&sort=dueAt',
    )
    expect(body.data.map((item: { subject: string }) => item.subject)).toEqual([
      'Renewal call',
      'Send the proposal',
    ])
    const bad = await server.api.get('/api/v1/activities?done=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('done')
  })
})
