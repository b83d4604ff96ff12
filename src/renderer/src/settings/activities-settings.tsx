import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { activities, workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { InlineForm } from '../ui/inline-form'
import { QuietInput } from '../ui/quiet-input'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { typeName } from '../work/activity-labels'
import { ServerOwned } from '../sync/server-owned'

// Every zone this browser knows, for the picker; the server checks the name the same way.
const zones = Intl.supportedValuesOf('timeZone')

/** A type's key from its name: "Visita técnica" → visita-tecnica, as the API's key rule allows. */
function typeKeyFor(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 40)
}

/** /settings/activities: the workspace's time zone and reminder defaults, and its activity types. */
export function ActivitiesSettings() {
  const { t } = useTranslation(['settings', 'common'])
  const current = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  const types = useQuery({ queryKey: keys.activityTypes, queryFn: activities.types })
  const save = useSettingsMutation(
    (input: { timeZone?: string | null; reminderMinutes?: number; digestTime?: string }) =>
      workspace.update(input),
    { invalidates: [keys.workspace, keys.work], done: t('activities.saved') },
  )
  // The key follows the name ("Site visit" → site-visit) until it is typed in itself.
  const [typedKey, setKey] = useState<string | null>(null)
  const [name, setName] = useState('')
  const key = typedKey ?? typeKeyFor(name)
  const addType = useSettingsMutation(activities.addType, {
    invalidates: [keys.activityTypes],
    done: (type) => t('activities.typeAdded', { name: type.name }),
  })
  const removeType = useSettingsMutation(activities.removeType, {
    invalidates: [keys.activityTypes],
    done: t('activities.typeRemoved'),
  })
  const data = current.data
  return (
    <section aria-labelledby="activities-heading">
      <h2 id="activities-heading">{t('activities.heading')}</h2>
      <p className="section-intro">{t('activities.intro')}</p>
      {data && (
        <div className="settings-fields">
          <label htmlFor="workspace-zone">{t('activities.timeZone')}</label>
          <select
            id="workspace-zone"
            value={data.timeZone ?? ''}
            onChange={(event) => save.mutate({ timeZone: event.target.value || null })}
          >
            <option value="">{t('activities.thisComputersZone')}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <label htmlFor="workspace-reminder">{t('activities.defaultReminder')}</label>
          <select
            id="workspace-reminder"
            value={data.reminderMinutes}
            onChange={(event) => save.mutate({ reminderMinutes: Number(event.target.value) })}
          >
            {[0, 5, 10, 15, 30, 60, 1440].map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0
                  ? t('activities.atTheTime')
                  : minutes === 1440
                    ? t('activities.oneDayBefore')
                    : t('activities.minutesBefore', { count: minutes })}
              </option>
            ))}
          </select>
          <label htmlFor="workspace-digest">{t('activities.digestAt')}</label>
          <input
            id="workspace-digest"
            type="time"
            defaultValue={data.digestTime}
            onBlur={(event) => {
              if (event.target.value && event.target.value !== data.digestTime) {
                save.mutate({ digestTime: event.target.value })
              }
            }}
          />
        </div>
      )}
      <h3>{t('activities.typesHeading')}</h3>
      <ServerOwned>
        <QueryView
          query={types}
          loading={t('activities.loadingTypes')}
          empty={t('activities.noTypes')}
        >
          {(list) => (
            <ul className="plain-list">
              {list.map((type) => (
                <li key={type.key} className="edit-row">
                  <span>
                    {typeName(type.key, list)} <code>{type.key}</code>
                  </span>
                  {!type.builtIn && (
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('activities.removeType', { name: typeName(type.key, list) })}
                      onClick={() => removeType.mutate(type.key)}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        <InlineForm
          title={t('activities.addType')}
          onSubmit={() =>
            addType.mutate(
              { key, name },
              {
                onSuccess: () => {
                  setKey(null)
                  setName('')
                },
              },
            )
          }
          submit={{ label: t('common:add'), disabled: addType.isPending || !key || !name.trim() }}
        >
          <QuietInput
            id="type-name"
            label={t('activities.typeName')}
            placeholder={t('activities.typeNamePlaceholder')}
            value={name}
            onValue={setName}
          />
          <QuietInput
            id="type-key"
            label={t('activities.typeKey')}
            placeholder={t('activities.typeKeyPlaceholder')}
            value={key}
            onValue={setKey}
          />
        </InlineForm>
      </ServerOwned>
    </section>
  )
}
