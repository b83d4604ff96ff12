import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { activities } from '../api/endpoints'
import { errorMessage } from '../api/client'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'
import { localToday, typeName } from './activity-labels'
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
const reminderChoices = [
  ['', 'default'],
  ['0', 'atTime'],
  ['5', 'minutes5'],
  ['15', 'minutes15'],
  ['30', 'minutes30'],
  ['60', 'hour1'],
  ['1440', 'day1'],
  ['10080', 'week1'],
  ['none', 'none'],
] as const

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
  const { t } = useTranslation('work')
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
      toast(t(mode === 'log' ? 'form.logged' : 'form.scheduled', { subject: activity.subject }), {
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
      aria-label={t(mode === 'log' ? 'form.logLabel' : 'form.scheduleLabel')}
    >
      <div className="activity-form-row">
        <label htmlFor={`${id}-type`} className="visually-hidden">
          {t('form.type')}
        </label>
        <select
          id={`${id}-type`}
          value={draft.type}
          onChange={(event) => set('type')(event.target.value)}
        >
          {(types.data ?? [{ key: draft.type, name: draft.type }]).map((type) => (
            <option key={type.key} value={type.key}>
              {typeName(type.key, types.data)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-subject`} className="visually-hidden">
          {t('form.subject')}
        </label>
        <input
          id={`${id}-subject`}
          className="activity-form-subject"
          placeholder={t(mode === 'log' ? 'form.logPlaceholder' : 'form.schedulePlaceholder')}
          value={draft.subject}
          maxLength={200}
          onChange={(event) => set('subject')(event.target.value)}
        />
      </div>
      <div className="activity-form-row">
        <label htmlFor={`${id}-date`}>{t(mode === 'log' ? 'form.when' : 'form.due')}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={draft.dueDate}
          onChange={(event) => set('dueDate')(event.target.value)}
        />
        <label htmlFor={`${id}-time`} className="visually-hidden">
          {t('form.time')}
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
              {t('form.reminder')}
            </label>
            <select
              id={`${id}-reminder`}
              value={reminder}
              onChange={(event) => setReminder(event.target.value)}
            >
              {reminderChoices.map(([value, label]) => (
                <option key={value} value={value}>
                  {t(`form.reminders.${label}`)}
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
          {t(mode === 'log' ? 'form.log' : 'form.schedule')}
        </button>
      </div>
    </form>
  )
}
