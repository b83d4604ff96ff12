import type { activities } from '../api/endpoints'
import type { Activity } from '../api/types'
import { localToday } from './activity-labels'

type NewActivity = Parameters<typeof activities.create>[0]
type ActivityChanges = Parameters<typeof activities.update>[1]

/** What a new activity is about, filled in by the page it is written on. */
export interface ActivityLinks {
  personIds?: string[]
  dealId?: string
  companyId?: string
}

export const priorities = ['low', 'normal', 'high'] as const
export const recurrences = ['daily', 'weekly', 'monthly'] as const

/** The activity form's fields as typed: strings, '' for nothing. */
export interface ActivityFormValues {
  type: string
  subject: string
  dueDate: string
  dueTime: string
  /** '' keeps the default (or, editing, what it was), 'none' is no reminder, else minutes. */
  reminder: string
  body: string
  durationMinutes: string
  priority: (typeof priorities)[number]
  assigneeId: string
  outcome: string
  recurrence: '' | (typeof recurrences)[number]
  /** '' is the workspace's zone. */
  timeZone: string
  done: boolean
}

/** The fields under "More details", where a server error naming one is shown. */
export const detailFields = [
  'body',
  'durationMinutes',
  'priority',
  'assigneeId',
  'outcome',
  'recurrence',
  'timeZone',
] as const

/** A new activity's form: a log entry is done and undated (now), scheduled work due today. */
export function newActivityValues(
  mode: 'log' | 'schedule',
  initial: Partial<ActivityFormValues> = {},
): ActivityFormValues {
  return {
    type: mode === 'log' ? 'call' : 'task',
    subject: '',
    dueDate: mode === 'log' ? '' : localToday(),
    dueTime: '',
    reminder: '',
    body: '',
    durationMinutes: '',
    priority: 'normal',
    assigneeId: '',
    outcome: '',
    recurrence: '',
    timeZone: '',
    done: mode === 'log',
    ...initial,
  }
}

/** The form prefilled with an activity, to edit it. */
export function valuesOf(activity: Activity): ActivityFormValues {
  return {
    type: activity.type,
    subject: activity.subject,
    dueDate: activity.dueDate ?? '',
    dueTime: activity.dueTime ?? '',
    reminder: activity.reminderMinutes === null ? 'none' : String(activity.reminderMinutes),
    body: activity.body,
    durationMinutes: activity.durationMinutes === null ? '' : String(activity.durationMinutes),
    priority: activity.priority,
    assigneeId: activity.assigneeId ?? '',
    outcome: activity.outcome ?? '',
    recurrence: activity.recurrence ?? '',
    timeZone: activity.timeZone,
    done: activity.done,
  }
}

const reminderOf = (reminder: string) =>
  reminder === '' ? undefined : reminder === 'none' ? null : Number(reminder)

const durationOf = (duration: string) => (duration.trim() === '' ? null : Number(duration))

/** What the form creates: only what was filled in, so the server's defaults hold for the rest. */
export function toNewActivity(values: ActivityFormValues, links: ActivityLinks): NewActivity {
  const reminderMinutes = reminderOf(values.reminder)
  const durationMinutes = durationOf(values.durationMinutes)
  const outcome = values.outcome.trim()
  return {
    ...links,
    type: values.type,
    subject: values.subject.trim(),
    done: values.done,
    priority: values.priority,
    ...(values.dueDate ? { dueDate: values.dueDate } : {}),
    ...(values.dueDate && values.dueTime ? { dueTime: values.dueTime } : {}),
    ...(!values.done && reminderMinutes !== undefined ? { reminderMinutes } : {}),
    ...(values.body.trim() ? { body: values.body } : {}),
    ...(durationMinutes !== null ? { durationMinutes } : {}),
    ...(values.assigneeId ? { assigneeId: values.assigneeId } : {}),
    ...(values.done && outcome ? { outcome } : {}),
    ...(values.recurrence ? { recurrence: values.recurrence } : {}),
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
  }
}

/** What an edit changes: the fields whose value differs from the activity's, and only those. */
export function toChanges(values: ActivityFormValues, activity: Activity): ActivityChanges {
  const reminderMinutes = reminderOf(values.reminder)
  const wanted = {
    type: values.type,
    subject: values.subject.trim(),
    done: values.done,
    dueDate: values.dueDate || null,
    dueTime: (values.dueDate && values.dueTime) || null,
    timeZone: values.timeZone || activity.timeZone,
    reminderMinutes: reminderMinutes === undefined ? activity.reminderMinutes : reminderMinutes,
    body: values.body,
    durationMinutes: durationOf(values.durationMinutes),
    priority: values.priority,
    assigneeId: values.assigneeId || null,
    outcome: values.outcome.trim() || null,
    recurrence: values.recurrence || null,
  } satisfies ActivityChanges
  const changes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(wanted)) {
    if (value !== activity[field as keyof typeof wanted]) changes[field] = value
  }
  return changes as ActivityChanges
}
