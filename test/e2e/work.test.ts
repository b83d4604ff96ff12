import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session
let personId: string

// Today and a time a little ahead, as the browser's São Paulo clock reads them.
function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000)
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(at)
  const [date, time] = local.split(' ') as [string, string]
  return { dueDate: date, dueTime: time }
}

beforeAll(async () => {
  session = await openSession()
  // Reminders reach the page as system notifications too; the operating system's side is not
  // ours to run, so the page's Notification records what it was asked to show.
  await session.context.grantPermissions(['notifications'])
  await session.context.addInitScript(() => {
    const shown: { title: string; body?: string }[] = []
    Object.assign(globalThis, { shownNotifications: shown })
    class RecordingNotification {
      static permission = 'granted'
      static requestPermission = async () => 'granted'
      onclick: (() => void) | null = null
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body })
      }
    }
    Object.assign(globalThis, { Notification: RecordingNotification })
  })
  await session.server.admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
  const person = await session.server.api.post('/api/v1/people', { fullName: 'Carla Dias' })
  personId = person.body.id
  await session.page.reload()
})
afterAll(() => session.close())

describe('activities and notes on a record, My work, reminders', () => {
  it('logs a call, schedules a task and pins a note from a person’s page', async () => {
    const { page } = session
    await page.goto(`${session.server.url}/people/${personId}`)
    const card = page.locator('.work-card')
    await card.getByLabel('Subject').fill('Discussed the pricing')
    await card.getByRole('button', { name: 'Log', exact: true }).click()
    await card.locator('.activity-item', { hasText: 'Discussed the pricing' }).waitFor()

    await card.getByRole('tab', { name: 'Schedule' }).click()
    await card.getByLabel('Type').selectOption('task')
    await card.getByLabel('Subject').fill('Send the proposal')
    await card.getByLabel('Reminder').selectOption({ label: '1 hour before' })
    await card.getByRole('button', { name: 'Schedule', exact: true }).click()
    const upcoming = card.locator('.activity-item', { hasText: 'Send the proposal' })
    await upcoming.waitFor()
    expect(await upcoming.getAttribute('class')).toContain('activity-today')

    await card.getByRole('tab', { name: 'Note' }).click()
    await card.getByLabel('Note', { exact: true }).fill('**Decision maker** is the CFO')
    await card.getByLabel('Pin to the top').check()
    await card.getByRole('button', { name: 'Save note' }).click()
    const pinned = card.locator('.note-pinned')
    await pinned.waitFor()
    // Markdown is rendered, not shown as asterisks.
    expect(await pinned.locator('strong').innerText()).toBe('Decision maker')

    const { body } = await session.server.api.get(`/api/v1/activities?personId=${personId}`)
    expect(
      body.data.map((activity: { subject: string; done: boolean }) => [
        activity.subject,
        activity.done,
      ]),
    ).toEqual([
      ['Send the proposal', false],
      ['Discussed the pricing', true],
    ])
    expect(body.data[0]).toMatchObject({ type: 'task', reminderMinutes: 60, personIds: [personId] })
    // The history merges the logged call with the person's own changes, newest first.
    const history = await card.locator('ol.timeline > li').allInnerTexts()
    expect(history.at(-1)).toContain('Created')
    expect(history.some((line) => line.includes('Discussed the pricing'))).toBe(true)
    await expectAccessible(page, 'person with activities')
    await screenshot(page, 'person-activities')
  })

  it('My work lists today’s task with a badge, and after Done offers to schedule the next', async () => {
    const { page } = session
    await session.server.api.post('/api/v1/activities', {
      subject: 'Overdue follow-up',
      dueDate: '2026-01-05',
      personIds: [personId],
    })
    await page.getByRole('link', { name: /My work/ }).click()
    await page.getByRole('heading', { name: 'My work' }).waitFor()
    await expect.poll(() => page.locator('.nav-badge').innerText()).toBe('2')
    expect(await page.locator('#work-overdue').innerText()).toContain('Overdue')
    const today = page.locator('section', { has: page.locator('#work-today') })
    await today.getByText('Send the proposal').waitFor()
    expect(await today.getByRole('link', { name: 'Carla Dias' }).count()).toBe(1)
    await expectAccessible(page, 'my work')
    await page.setViewportSize({ width: 1024, height: 768 })
    await expectAccessible(page, 'my work at 1024')
    await screenshot(page, 'my-work-1024')
    await page.setViewportSize({ width: 1440, height: 900 })

    await today.getByRole('checkbox', { name: 'Mark “Send the proposal” done' }).click()
    await page.getByRole('button', { name: 'Schedule the next' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule the next activity' })
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Follow up: Send the proposal')
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
    await today.getByText('Follow up: Send the proposal').waitFor()
    const { body } = await session.server.api.get(
      `/api/v1/activities?personId=${personId}&done=false`,
    )
    expect(body.data.map((activity: { subject: string }) => activity.subject)).toContain(
      'Follow up: Send the proposal',
    )
    await expect.poll(() => page.locator('.nav-badge').innerText()).toBe('2')
  })

  it('a reminder that comes due shows in the page and as a notification', async () => {
    const { page } = session
    // Earlier work may be due to remind as well, depending on the hour the suite runs at (a
    // date-only task reminds before the morning digest), and reminders arriving together make
    // one notice: only the call below reminds.
    const { body: open } = await session.server.api.get('/api/v1/activities?done=false')
    for (const activity of open.data) {
      await session.server.api.patch(`/api/v1/activities/${activity.id}`, { reminderMinutes: null })
    }
    await session.server.api.post('/api/v1/activities', {
      type: 'call',
      subject: 'Call Carla back',
      ...soon(30),
      reminderMinutes: 60,
      personIds: [personId],
    })
    await session.server.reminders.runNow()
    await page.locator('.toast', { hasText: 'Reminder: Call Carla back' }).waitFor()
    // The notifications of that earlier work may be there too: look for this one.
    await expect
      .poll(() => page.evaluate('shownNotifications'))
      .toContainEqual({ title: 'Reminder', body: 'Call Carla back' })
    // The notice in the page can snooze it, as the desktop notification can.
    const notice = page.locator('.toast', { hasText: 'Reminder: Call Carla back' })
    await expectAccessible(page, 'reminder notice')
    await notice.getByRole('button', { name: 'Snooze 10 min' }).click()
    await page.getByText('Call Carla back: reminded again in 10 min').waitFor()
    const { body: snoozed } = await session.server.api.get(
      `/api/v1/activities?personId=${personId}&q=carla%20back`,
    )
    expect(Date.parse(snoozed.data[0].remindAt)).toBeGreaterThan(Date.now() + 9 * 60_000)
  })

  it('Ctrl-K finds a person and logs a call with them, or marks an activity done, by keyboard', async () => {
    const { page } = session
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search and run' })
    const input = palette.getByRole('combobox')
    await input.fill('carla')
    await palette.getByRole('option', { name: /Log a call with Carla Dias/ }).waitFor()
    await expectAccessible(page, 'command palette')
    // The person is first; the call one line below.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByText('Call with Carla Dias logged').waitFor()
    const { body } = await session.server.api.get(
      `/api/v1/activities?personId=${personId}&q=call%20with`,
    )
    expect(body.data[0]).toMatchObject({
      type: 'call',
      done: true,
      subject: 'Call with Carla Dias',
    })

    await page.keyboard.press('Control+k')
    await input.fill('Call Carla back')
    await palette.getByRole('option', { name: 'Mark done: Call Carla back' }).click()
    await page.getByText('Done: Call Carla back').waitFor()
    const open = await session.server.api.get('/api/v1/activities?q=call%20carla%20back')
    expect(open.body.data[0].done).toBe(true)
  })

  it('Ctrl-K makes a new deal for a person found, linked to them', async () => {
    const { page } = session
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search and run' })
    await palette.getByRole('combobox').fill('carla')
    await palette.getByRole('option', { name: /New deal for Carla Dias/ }).click()
    const dialog = page.getByRole('dialog', { name: 'New deal' })
    await dialog.getByLabel('Title').fill('Carla onboarding')
    await dialog.getByLabel('Value').fill('250')
    await dialog.getByRole('button', { name: 'Create deal' }).click()
    await page.getByText('Deal “Carla onboarding” created').waitFor()
    const { body } = await session.server.admin.get(`/api/app/v1/deals?personId=${personId}`)
    expect(body.data.map((deal: { title: string }) => deal.title)).toContain('Carla onboarding')
  })

  it('Ctrl-K adds a person or a company as its name is typed', async () => {
    const { page } = session
    await page.keyboard.press('Control+k')
    const palette = page.getByRole('dialog', { name: 'Search and run' })
    await palette.getByRole('combobox').fill('new comp')
    await palette.getByRole('option', { name: /New company/ }).waitFor()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New company' })
    await dialog.getByLabel('Name').fill('Palette Works')
    await dialog.getByRole('button', { name: 'Add company' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const { body } = await session.server.admin.get('/api/app/v1/companies?q=palette')
    expect(body.data).toMatchObject([{ name: 'Palette Works' }])
  })

  it('schedules from a deal’s page with the deal’s person, assigned to its owner', async () => {
    const { server, page } = session
    const owner = (await server.admin.post('/api/app/v1/users', { name: 'Davi Rocha' })).body
    const pipeline = (await server.admin.get('/api/app/v1/pipelines')).body.data[0]
    const open = pipeline.stages.find((stage: { type: string }) => stage.type === 'open')
    const deal = await server.api.post('/api/v1/deals', {
      title: 'Dias renewal',
      value: 5000,
      pipelineId: pipeline.id,
      stageId: open.id,
      primaryPersonId: personId,
      ownerId: owner.id,
    })
    expect(deal.status, JSON.stringify(deal.body)).toBe(201)
    await page.goto(`${server.url}/deals/${deal.body.id}`)
    const card = page.locator('.work-card')
    await card.getByRole('tab', { name: 'Schedule' }).click()
    await card.getByLabel('Subject').fill('Send the renewal quote')
    await card.getByText('More details').click()
    expect(await card.getByLabel('Assigned to').inputValue()).toBe(owner.id)
    await card.getByRole('button', { name: 'Schedule', exact: true }).click()
    await card.locator('.activity-item', { hasText: 'Send the renewal quote' }).waitFor()
    const { body } = await server.api.get(`/api/v1/activities?dealId=${deal.body.id}`)
    expect(body.data[0]).toMatchObject({
      subject: 'Send the renewal quote',
      dealId: deal.body.id,
      personIds: [personId],
      assigneeId: owner.id,
    })
    // So the person's page lists it too.
    await page.goto(`${server.url}/people/${personId}`)
    await page.locator('.work-card .activity-item', { hasText: 'Send the renewal quote' }).waitFor()
  })

  it('the tray’s New task… (/my-work?new=task) opens the form at once', async () => {
    const { page } = session
    await page.goto(`${session.server.url}/my-work?new=task`)
    const dialog = page.getByRole('dialog', { name: 'New task' })
    await dialog.getByLabel('Subject').fill('Renew the domain')
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
    const today = page.locator('section', { has: page.locator('#work-today') })
    await today.getByText('Renew the domain').waitFor()
    expect(page.url()).not.toContain('new=task')
  })
})
