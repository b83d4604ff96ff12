import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { ActivityFormValues } from './activity-form-values'
import { typeName } from './activity-labels'
import { useActivityTypes } from './use-work'

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
 * The activity form's first lines: type and subject, then date, time and, for work still to do,
 * the reminder (an edited one's own, when it is none of the presets, kept as a choice).
 */
export function ActivityMainFields({ id, placeholder }: { id: string; placeholder: string }) {
  const { t } = useTranslation('work')
  const types = useActivityTypes()
  const { register, watch, formState } = useFormContext<ActivityFormValues>()
  const [type, dueDate, done] = watch(['type', 'dueDate', 'done'])
  const kept = formState.defaultValues?.reminder ?? ''
  const reminders: [string, string][] = reminderChoices.map(([value, label]) => [
    value,
    t(`form.reminders.${label}`),
  ])
  if (!reminderChoices.some(([value]) => value === kept)) {
    reminders.splice(1, 0, [kept, t('form.reminders.minutes', { count: Number(kept) })])
  }
  return (
    <>
      <div className="activity-form-row">
        <label htmlFor={`${id}-type`} className="visually-hidden">
          {t('form.type')}
        </label>
        <select id={`${id}-type`} {...register('type')}>
          {(types.data ?? [{ key: type, name: type }]).map((choice) => (
            <option key={choice.key} value={choice.key}>
              {typeName(choice.key, types.data)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-subject`} className="visually-hidden">
          {t('form.subject')}
        </label>
        <input
          id={`${id}-subject`}
          className="activity-form-subject"
          placeholder={placeholder}
          maxLength={200}
          {...register('subject')}
        />
      </div>
      <div className="activity-form-row">
        <label htmlFor={`${id}-date`}>{t(done ? 'form.when' : 'form.due')}</label>
        <input id={`${id}-date`} type="date" {...register('dueDate')} />
        <label htmlFor={`${id}-time`} className="visually-hidden">
          {t('form.time')}
        </label>
        <input id={`${id}-time`} type="time" {...register('dueTime', { disabled: !dueDate })} />
        {!done && (
          <>
            <label htmlFor={`${id}-reminder`} className="visually-hidden">
              {t('form.reminder')}
            </label>
            <select id={`${id}-reminder`} {...register('reminder')}>
              {reminders.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
    </>
  )
}
