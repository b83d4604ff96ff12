import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectAccessible, openSession, screenshot, type Session } from './browser'

let session: Session
let personId: string
let userId: string
// The activity the first test schedules and the second edits.
let scheduled: { id: string }

beforeAll(async () => {
  session = await openSession()
  const { admin, api } = session.server
  await admin.patch('/api/app/v1/workspace', { timeZone: 'America/Sao_Paulo' })
  userId = (await admin.post('/api/app/v1/users', { name: 'Bia Lima' })).body.id
  personId = (await api.post('/api/v1/people', { fullName: 'Dora Melo' })).body.id
  await session.page.goto(`${session.server.url}/people/${personId}`)
})
afterAll(() => session.close())

describe('editing activities and notes where they are listed', () => {
  it('schedules an activity with every detail from a person’s page, stored as typed', async () => {
    const { page } = session
    const card = page.locator('.work-card')
    await card.getByRole('tab', { name: 'Schedule' }).click()
    await card.getByLabel('Type').selectOption('meeting')
    await card.getByLabel('Subject').fill('Quarterly review')
    await card.getByLabel('Due', { exact: true }).fill('2030-05-06')
    await card.getByLabel('Time', { exact: true }).fill('10:30')
    await card.getByText('More details').click()
    await card.getByLabel('Details', { exact: true }).fill('**Agenda**: the renewal')
    await card.getByLabel('Duration (minutes)').fill('45')
    await card.getByLabel('Priority').selectOption({ label: 'High' })
    await card.getByLabel('Assigned to').selectOption({ label: 'Bia Lima' })
    await card.getByLabel('Repeats').selectOption({ label: 'Weekly' })
    await card.getByLabel('Time zone').selectOption('Europe/Lisbon')
    await expectAccessible(page, 'activity form, more details open')
    await screenshot(page, 'activity-form-details')
    await card.getByRole('button', { name: 'Schedule', exact: true }).click()
    const item = card.locator('.activity-item', { hasText: 'Quarterly review' })
    await item.waitFor()
    expect(await item.locator('strong').innerText()).toBe('Agenda')
    const meta = await item.locator('.activity-meta').innerText()
    for (const shown of ['High priority', '45 min', 'Repeats weekly', 'Assigned to Bia Lima']) {
      expect(meta).toContain(shown)
    }
    await screenshot(page, 'activity-item-details')
    const { body } = await session.server.api.get(`/api/v1/activities?personId=${personId}`)
    scheduled = body.data[0]
    expect(scheduled).toMatchObject({
      type: 'meeting',
      subject: 'Quarterly review',
      body: '**Agenda**: the renewal',
      dueDate: '2030-05-06',
      dueTime: '10:30',
      timeZone: 'Europe/Lisbon',
      durationMinutes: 45,
      priority: 'high',
      assigneeId: userId,
      recurrence: 'weekly',
      done: false,
      personIds: [personId],
    })
  })

  it('edits that activity in the same form, prefilled, and deletes it after asking', async () => {
    const { page } = session
    const card = page.locator('.work-card')
    const item = card.locator('.activity-item', { hasText: 'Quarterly review' })
    await item.getByRole('button', { name: 'Edit “Quarterly review”' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit activity' })
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Quarterly review')
    expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('45')
    expect(await dialog.getByLabel('Assigned to').inputValue()).toBe(userId)
    await dialog.getByLabel('Subject').fill('Quarterly business review')
    await dialog.getByText('More details').click()
    await dialog.getByLabel('Duration (minutes)').fill('60')
    await dialog.getByLabel('Priority').selectOption({ label: 'Low' })
    await dialog.getByLabel('Repeats').selectOption({ label: 'Does not repeat' })
    await expectAccessible(page, 'edit activity dialog')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    const edited = card.locator('.activity-item', { hasText: 'Quarterly business review' })
    await edited.getByText('Low priority').waitFor()
    expect(await edited.locator('.activity-meta').innerText()).not.toContain('Repeats')
    const { body: after } = await session.server.api.get(`/api/v1/activities/${scheduled.id}`)
    expect(after).toMatchObject({
      subject: 'Quarterly business review',
      durationMinutes: 60,
      priority: 'low',
      recurrence: null,
      // What was not touched stays as it was.
      body: '**Agenda**: the renewal',
      assigneeId: userId,
      timeZone: 'Europe/Lisbon',
    })

    await edited.getByRole('button', { name: 'Delete “Quarterly business review”' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this activity?' })
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await edited.waitFor({ state: 'detached' })
    expect((await session.server.api.get(`/api/v1/activities/${scheduled.id}`)).status).toBe(404)
  })

  it('writes a back-dated pinned note, unpins it, edits it and deletes it', async () => {
    const { page } = session
    const card = page.locator('.work-card')
    await card.getByRole('tab', { name: 'Note' }).click()
    const when = `${new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)}T09:30`
    // The browser reads the typed time in its own zone (São Paulo).
    const notedAt = await page.evaluate((local) => new Date(local).toISOString(), when)
    await card.getByLabel('Note', { exact: true }).fill('Met at the trade fair')
    await card.getByLabel('When').fill(when)
    await card.getByLabel('Pin to the top').check()
    await card.getByRole('button', { name: 'Save note' }).click()
    const note = card.locator('.note-item', { hasText: 'Met at the trade fair' })
    await note.and(page.locator('.note-pinned')).waitFor()
    const { body } = await session.server.api.get(`/api/v1/notes?personId=${personId}`)
    const stored = body.data[0]
    expect(stored).toMatchObject({ body: 'Met at the trade fair', pinned: true, notedAt })

    await note.getByRole('button', { name: 'Unpin “Met at the trade fair”' }).click()
    await note.getByRole('button', { name: 'Pin “Met at the trade fair”', exact: true }).waitFor()
    expect(await card.locator('.note-pinned').count()).toBe(0)
    expect((await session.server.api.get(`/api/v1/notes/${stored.id}`)).body.pinned).toBe(false)

    // A note written by a script may name its author; the card says who.
    await session.server.api.patch(`/api/v1/notes/${stored.id}`, { authorId: userId })
    await page.reload()
    await note.getByText('by Bia Lima').waitFor()

    await note.getByRole('button', { name: 'Edit “Met at the trade fair”' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit note' })
    expect(await dialog.getByLabel('When').inputValue()).toBe(when)
    // Written as in any text box: a line break stays one, and a bare address is a link.
    const written = 'Met at the trade fair in **Recife**\nPrices at https://example.com/pricing'
    await dialog.getByLabel('Note', { exact: true }).fill(written)
    await expectAccessible(page, 'edit note dialog')
    await dialog.getByRole('button', { name: 'Save note' }).click()
    const edited = card.locator('.note-item', { hasText: 'Met at the trade fair in Recife' })
    expect(await edited.locator('strong').innerText()).toBe('Recife')
    expect(await edited.locator('.markdown br').count()).toBe(1)
    const link = edited.getByRole('link', { name: 'https://example.com/pricing' })
    expect(await link.getAttribute('href')).toBe('https://example.com/pricing')
    expect(await link.getAttribute('target')).toBe('_blank')
    const { body: after } = await session.server.api.get(`/api/v1/notes/${stored.id}`)
    // The date was not changed, so the note keeps its moment.
    expect(after).toMatchObject({ body: written, notedAt })

    await edited.getByRole('button', { name: /^Delete “Met at the trade fair/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this note?' })
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await edited.waitFor({ state: 'detached' })
    expect((await session.server.api.get(`/api/v1/notes/${stored.id}`)).status).toBe(404)
  })

  it('edits and deletes an activity from My work', async () => {
    const { page } = session
    const { body: task } = await session.server.api.post('/api/v1/activities', {
      subject: 'Send the contract',
      personIds: [personId],
    })
    await page.getByRole('link', { name: /My work/ }).click()
    const item = page.locator('.activity-item', { hasText: 'Send the contract' })
    await item.getByRole('button', { name: 'Edit “Send the contract”' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit activity' })
    await dialog.getByLabel('Subject').fill('Send the signed contract')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    const edited = page.locator('.activity-item', { hasText: 'Send the signed contract' })
    await edited.getByRole('button', { name: 'Delete “Send the signed contract”' }).click()
    await page
      .getByRole('dialog', { name: 'Delete this activity?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click()
    await edited.waitFor({ state: 'detached' })
    expect((await session.server.api.get(`/api/v1/activities/${task.id}`)).status).toBe(404)
  })
})
