import { useQuery } from '@tanstack/react-query'
import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { controlProps, Field } from '../ui/field'
import { byName, SelectField } from '../ui/select-field'
import { fieldError, TextField } from '../ui/text-field'
import { priorities, recurrences, type ActivityFormValues } from './activity-form-values'

// Every zone this browser knows, as Settings → Activities offers them.
const zones = Intl.supportedValuesOf('timeZone')

/** The zone choices, with the workspace's first (the default) and an edited one's own kept. */
function useZoneChoices(current: string) {
  const { t } = useTranslation('work')
  const settings = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  const zone = settings.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const list = current && !zones.includes(current) ? [current, ...zones] : zones
  return {
    none: t('form.workspaceZone', { zone }),
    choices: list.map((value) => ({ value, label: value })),
  }
}

/**
 * "More details" of the activity form: Markdown body, duration, priority, assignee, outcome (of
 * done work), recurrence, time zone and done.
 */
export function ActivityDetailFields({ id }: { id: string }) {
  const { t } = useTranslation('work')
  const { register, watch, formState } = useFormContext<ActivityFormValues>()
  const [done, timeZone] = watch(['done', 'timeZone'])
  const users = byName(useUsers().data)
  const zoneChoices = useZoneChoices(timeZone)
  const bodyError = fieldError(formState.errors, 'body')
  return (
    <div className="activity-details">
      <label className="checkbox activity-details-wide">
        <input type="checkbox" {...register('done')} />
        {t('form.done')}
      </label>
      <Field id={`${id}-body`} label={t('form.body')} error={bodyError}>
        <textarea
          rows={4}
          placeholder={t('form.bodyPlaceholder')}
          {...controlProps(`${id}-body`, bodyError)}
          {...register('body')}
        />
      </Field>
      <TextField
        id={`${id}-duration`}
        label={t('form.duration')}
        name="durationMinutes"
        type="number"
        min={0}
        max={10080}
        step={5}
      />
      <SelectField
        id={`${id}-priority`}
        label={t('form.priority')}
        name="priority"
        choices={priorities.map((value) => ({ value, label: t(`priorities.${value}`) }))}
      />
      <SelectField
        id={`${id}-assignee`}
        label={t('form.assignee')}
        name="assigneeId"
        none={t('form.nobody')}
        choices={users}
      />
      <SelectField
        id={`${id}-recurrence`}
        label={t('form.recurrence')}
        name="recurrence"
        none={t('recurrences.none')}
        choices={recurrences.map((value) => ({ value, label: t(`recurrences.${value}`) }))}
      />
      <SelectField id={`${id}-zone`} label={t('form.timeZone')} name="timeZone" {...zoneChoices} />
      {done && (
        <TextField
          id={`${id}-outcome`}
          label={t('form.outcome')}
          name="outcome"
          maxLength={500}
          placeholder={t('form.outcomePlaceholder')}
        />
      )}
    </div>
  )
}
