import { describe, expect, it } from 'vitest'
import { isTimeZone } from '../../shared/time-zone'
import { instantOf, nextOccurrence, remindAtOf, shiftDate, wallClockOf } from './due-time'

describe('due times', () => {
  it('reads a wall-clock time in the zone it was typed in, daylight saving included', () => {
    expect(instantOf('2026-11-25', '14:30', 'America/Sao_Paulo')).toBe('2026-11-25T17:30:00.000Z')
    // New York is UTC-4 in summer and UTC-5 in winter.
    expect(instantOf('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z')
    expect(instantOf('2026-12-01', '09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z')
    expect(instantOf('2026-12-01', null, 'UTC')).toBe('2026-12-01T00:00:00.000Z')
  })

  it('reminds a timed activity before its time and a date-only one before the digest', () => {
    const rule = { dueDate: '2026-11-25', timeZone: 'UTC', digestTime: '08:00' }
    expect(remindAtOf({ ...rule, dueTime: '15:00', reminderMinutes: 15 })).toBe(
      '2026-11-25T14:45:00.000Z',
    )
    expect(remindAtOf({ ...rule, dueTime: null, reminderMinutes: 0 })).toBe(
      '2026-11-25T08:00:00.000Z',
    )
    expect(remindAtOf({ ...rule, dueTime: null, reminderMinutes: 1440 })).toBe(
      '2026-11-24T08:00:00.000Z',
    )
    expect(remindAtOf({ ...rule, dueTime: '15:00', reminderMinutes: null })).toBeNull()
    expect(remindAtOf({ ...rule, dueDate: null, dueTime: null, reminderMinutes: 5 })).toBeNull()
  })

  it('says which day and time an instant is in a zone', () => {
    const late = new Date('2026-11-26T01:30:00Z')
    expect(wallClockOf(late, 'America/Sao_Paulo')).toEqual({ date: '2026-11-25', time: '22:30' })
    expect(wallClockOf(late, 'UTC')).toEqual({ date: '2026-11-26', time: '01:30' })
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('schedules the next occurrence after today, month ends kept', () => {
    expect(nextOccurrence('2026-11-25', 'daily', '2026-11-25')).toBe('2026-11-26')
    expect(nextOccurrence('2026-11-18', 'daily', '2026-11-25')).toBe('2026-11-26')
    expect(nextOccurrence('2026-11-25', 'weekly', '2026-11-25')).toBe('2026-12-02')
    expect(nextOccurrence('2027-01-31', 'monthly', '2027-01-31')).toBe('2027-02-28')
    expect(nextOccurrence('2027-01-31', 'monthly', '2027-02-28')).toBe('2027-03-31')
  })

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
