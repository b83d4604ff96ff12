import { useState } from 'react'
import type { LostReason } from '../api/types'
import { lostReasons } from '../api/endpoints'
import { keys } from '../api/keys'
import { useLostReasons } from '../api/reference-data'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { InlineForm } from '../ui/inline-form'

/** /settings/lost-reasons: why deals are lost; a deal entering a lost stage must give one. */
export function LostReasonsSettings() {
  const list = useLostReasons()
  const [name, setName] = useState('')
  const create = useSettingsMutation(lostReasons.create, {
    invalidates: [keys.lostReasons],
    done: (reason) => `“${reason.name}” added`,
  })
  const submit = () => {
    if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') })
  }
  return (
    <section aria-labelledby="lost-heading">
      <h2 id="lost-heading">Lost reasons</h2>
      <p className="section-intro">
        Asked whenever a deal moves to a lost stage. A reason that deals still give cannot be
        deleted.
      </p>
      <QueryView query={list} lines={4} loading="Loading lost reasons" empty="No lost reasons yet">
        {(data) => (
          <ul className="edit-list">
            {data.map((reason) => (
              <LostReasonRow key={reason.id} reason={reason} />
            ))}
          </ul>
        )}
      </QueryView>
      <InlineForm
        title="New lost reason"
        text={{ id: 'new-lost-reason', value: name, onValue: setName }}
        onSubmit={submit}
        submit={{ label: 'Add', disabled: create.isPending || !name.trim() }}
      />
    </section>
  )
}

function LostReasonRow({ reason }: { reason: LostReason }) {
  const [name, setName] = useState(reason.name)
  const rename = useSettingsMutation((newName: string) => lostReasons.rename(reason.id, newName), {
    invalidates: [keys.lostReasons],
    done: 'Renamed',
  })
  const remove = useSettingsMutation(() => lostReasons.remove(reason.id), {
    invalidates: [keys.lostReasons],
    done: `“${reason.name}” deleted`,
  })
  const save = () => {
    if (name.trim() && name.trim() !== reason.name) rename.mutate(name.trim())
    else setName(reason.name)
  }
  return (
    <li className="edit-row">
      <label className="visually-hidden" htmlFor={`reason-${reason.id}`}>
        Lost reason
      </label>
      <input
        id={`reason-${reason.id}`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            save()
          }
        }}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={`Delete ${reason.name}`}
        onClick={() => remove.mutate(undefined)}
      >
        ×
      </button>
    </li>
  )
}
