import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { activities, workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { InlineForm } from '../ui/inline-form'
import { QuietInput } from '../ui/quiet-input'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

// Every zone this browser knows, for the picker; the server checks the name the same way.
const zones = Intl.supportedValuesOf('timeZone')

/** /settings/activities: the workspace's time zone and reminder defaults, and its activity types. */
export function ActivitiesSettings() {
  const current = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  const types = useQuery({ queryKey: keys.activityTypes, queryFn: activities.types })
  const save = useSettingsMutation(
    (input: { timeZone?: string | null; reminderMinutes?: number; digestTime?: string }) =>
      workspace.update(input),
    { invalidates: [keys.workspace, keys.work], done: 'Saved' },
  )
  const [key, setKey] = useState('')
  const [name, setName] = useState('')
  const addType = useSettingsMutation(activities.addType, {
    invalidates: [keys.activityTypes],
    done: (type) => `${type.name} added`,
  })
  const removeType = useSettingsMutation(activities.removeType, {
    invalidates: [keys.activityTypes],
    done: 'Type removed; its activities keep it',
  })
  const data = current.data
  return (
    <section aria-labelledby="activities-heading">
      <h2 id="activities-heading">Activities and reminders</h2>
      <p className="section-intro">
        Due dates and times are read in the workspace&apos;s time zone. A timed activity is reminded
        some minutes before; a date-only one in the morning digest of its day.
      </p>
      {data && (
        <div className="settings-fields">
          <label htmlFor="workspace-zone">Time zone</label>
          <select
            id="workspace-zone"
            value={data.timeZone ?? ''}
            onChange={(event) => save.mutate({ timeZone: event.target.value || null })}
          >
            <option value="">This computer&apos;s zone</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <label htmlFor="workspace-reminder">Default reminder</label>
          <select
            id="workspace-reminder"
            value={data.reminderMinutes}
            onChange={(event) => save.mutate({ reminderMinutes: Number(event.target.value) })}
          >
            {[0, 5, 10, 15, 30, 60, 1440].map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0
                  ? 'At the time'
                  : minutes === 1440
                    ? '1 day before'
                    : `${minutes} minutes before`}
              </option>
            ))}
          </select>
          <label htmlFor="workspace-digest">Morning digest at</label>
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
      <h3>Activity types</h3>
      <QueryView query={types} loading="Loading types" empty="No types">
        {(list) => (
          <ul className="plain-list">
            {list.map((type) => (
              <li key={type.key} className="edit-row">
                <span>
                  {type.name} <code>{type.key}</code>
                </span>
                {!type.builtIn && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove ${type.name}`}
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
        title="Add a type"
        onSubmit={() =>
          addType.mutate(
            { key, name },
            {
              onSuccess: () => {
                setKey('')
                setName('')
              },
            },
          )
        }
        submit={{ label: 'Add', disabled: addType.isPending || !key || !name.trim() }}
      >
        <QuietInput
          id="type-name"
          label="Type name"
          placeholder="Site visit"
          value={name}
          onValue={setName}
        />
        <QuietInput
          id="type-key"
          label="Type key"
          placeholder="visit"
          value={key}
          onValue={setKey}
        />
      </InlineForm>
    </section>
  )
}
