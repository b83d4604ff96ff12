import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { activities } from '../api/endpoints'
import { errorMessage } from '../api/client'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'
import { localToday } from './activity-labels'
import { useActivityTypes } from './use-work'

/** What a new activity is about, filled in by the page it is written on. */
export interface ActivityLinks {
  personIds?: string[]
  dealId?: string
  companyId?: string
}

export interface ActivityDraft {
  type: string
  subject: string
  dueDate: string
  dueTime: string
}

// From "at time" to "1 week before", as the reminder presets of the issue; '' keeps the default.
const reminderChoices: [string, string][] = [
  ['', 'Default reminder'],
  ['0', 'At time'],
  ['5', '5 minutes before'],
  ['15', '15 minutes before'],
  ['30', '30 minutes before'],
  ['60', '1 hour before'],
  ['1440', '1 day before'],
  ['10080', '1 week before'],
  ['none', 'No reminder'],
]

/**
 * Logs something done ("Log") or schedules work ("Schedule"): type, subject, date, time and for
 * scheduled work a reminder. `onSaved` hears the new activity's subject.
 */
export function ActivityForm({
  links,
  mode,
  initial,
  onSaved,
}: {
  links: ActivityLinks
  mode: 'log' | 'schedule'
  initial?: Partial<ActivityDraft>
  onSaved?: () => void
}) {
  const id = useId()
  const types = useActivityTypes()
  const toast = useToast()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<ActivityDraft>({
    type: initial?.type ?? (mode === 'log' ? 'call' : 'task'),
    subject: initial?.subject ?? '',
    dueDate: initial?.dueDate ?? (mode === 'log' ? '' : localToday()),
    dueTime: initial?.dueTime ?? '',
  })
  const [reminder, setReminder] = useState('')
  const set = (field: keyof ActivityDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }))
  const create = useMutation({
    mutationFn: () =>
      activities.create({
        ...links,
        type: draft.type,
        subject: draft.subject.trim(),
        done: mode === 'log',
        ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
        ...(draft.dueDate && draft.dueTime ? { dueTime: draft.dueTime } : {}),
        ...(mode === 'schedule' && reminder
          ? { reminderMinutes: reminder === 'none' ? null : Number(reminder) }
          : {}),
      }),
    onSuccess: (activity) => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      toast(mode === 'log' ? `Logged: ${activity.subject}` : `Scheduled: ${activity.subject}`, {
        tone: 'success',
      })
      setDraft((current) => ({ ...current, subject: '' }))
      onSaved?.()
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (draft.subject.trim()) create.mutate()
  }
  return (
    <form
      className="activity-form"
      onSubmit={submit}
      aria-label={mode === 'log' ? 'Log an activity' : 'Schedule an activity'}
    >
      <div className="activity-form-row">
        <label htmlFor={`${id}-type`} className="visually-hidden">
          Type
        </label>
        <select
          id={`${id}-type`}
          value={draft.type}
          onChange={(event) => set('type')(event.target.value)}
        >
          {(types.data ?? [{ key: draft.type, name: draft.type }]).map((type) => (
            <option key={type.key} value={type.key}>
              {type.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-subject`} className="visually-hidden">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className="activity-form-subject"
          placeholder={
            mode === 'log'
              ? 'What happened, e.g. Discussed pricing'
              : 'What to do, e.g. Send the proposal'
          }
          value={draft.subject}
          maxLength={200}
          onChange={(event) => set('subject')(event.target.value)}
        />
      </div>
      <div className="activity-form-row">
        <label htmlFor={`${id}-date`}>{mode === 'log' ? 'When' : 'Due'}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={draft.dueDate}
          onChange={(event) => set('dueDate')(event.target.value)}
        />
        <label htmlFor={`${id}-time`} className="visually-hidden">
          Time
        </label>
        <input
          id={`${id}-time`}
          type="time"
          value={draft.dueTime}
          disabled={!draft.dueDate}
          onChange={(event) => set('dueTime')(event.target.value)}
        />
        {mode === 'schedule' && (
          <>
            <label htmlFor={`${id}-reminder`} className="visually-hidden">
              Reminder
            </label>
            <select
              id={`${id}-reminder`}
              value={reminder}
              onChange={(event) => setReminder(event.target.value)}
            >
              {reminderChoices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={create.isPending || !draft.subject.trim()}
        >
          {mode === 'log' ? 'Log' : 'Schedule'}
        </button>
      </div>
    </form>
  )
}
