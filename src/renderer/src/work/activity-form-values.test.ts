import { describe, expect, it } from 'vitest'
import type { Activity } from '../api/types'
import { newActivityValues, toChanges, toNewActivity, valuesOf } from './activity-form-values'

const activity: Activity = {
  id: 'a1',
  tenantId: 't1',
  type: 'call',
  subject: 'Call Ana',
  body: '',
  dueDate: '2026-12-01',
  dueTime: '14:30',
  timeZone: 'America/Sao_Paulo',
  dueAt: '2026-12-01T17:30:00.000Z',
  durationMinutes: null,
  done: false,
  doneAt: null,
  outcome: null,
  priority: 'normal',
  assigneeId: null,
  dealId: null,
  companyId: null,
  personIds: ['p1'],
  recurrence: null,
  reminderMinutes: 480,
  remindAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
}

describe('activity form values', () => {
  it('creates with only what was filled in, the outcome only for done work', () => {
    const values = newActivityValues('schedule', {
      subject: ' Demo ',
      dueDate: '2026-12-02',
      durationMinutes: '30',
      recurrence: 'weekly',
      outcome: 'ignored while open',
      reminder: 'none',
    })
    expect(toNewActivity(values, { personIds: ['p1'] })).toEqual({
      personIds: ['p1'],
      type: 'task',
      subject: 'Demo',
      done: false,
      priority: 'normal',
      dueDate: '2026-12-02',
      reminderMinutes: null,
      durationMinutes: 30,
      recurrence: 'weekly',
    })
    const logged = newActivityValues('log', { subject: 'Called', outcome: 'Voicemail' })
    expect(toNewActivity(logged, {})).toMatchObject({ done: true, outcome: 'Voicemail' })
  })

  it('an edit sends only the fields that changed', () => {
    expect(toChanges(valuesOf(activity), activity)).toEqual({})
    const values = { ...valuesOf(activity), dueTime: '', priority: 'high' as const, body: '**x**' }
    expect(toChanges(values, activity)).toEqual({ dueTime: null, priority: 'high', body: '**x**' })
  })

  it('keeps a reminder that is none of the presets as it was', () => {
    expect(valuesOf(activity).reminder).toBe('480')
    expect(toChanges({ ...valuesOf(activity), reminder: 'none' }, activity)).toEqual({
      reminderMinutes: null,
    })
  })
})
