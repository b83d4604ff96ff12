import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LostReason } from '../api/types'
import { lostReasons } from '../api/endpoints'
import { keys } from '../api/keys'
import { useLostReasons } from '../api/reference-data'
import { QueryView } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'
import { InlineForm } from '../ui/inline-form'
import { ServerOwned } from '../sync/server-owned'

/** /settings/lost-reasons: why deals are lost; a deal entering a lost stage must give one. */
export function LostReasonsSettings() {
  const { t } = useTranslation(['settings', 'common'])
  const list = useLostReasons()
  const [name, setName] = useState('')
  const create = useSettingsMutation(lostReasons.create, {
    invalidates: [keys.lostReasons],
    done: (reason) => t('lostReasons.added', { name: reason.name }),
  })
  const submit = () => {
    if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') })
  }
  return (
    <section aria-labelledby="lost-heading">
      <h2 id="lost-heading">{t('lostReasons.heading')}</h2>
      <p className="section-intro">{t('lostReasons.intro')}</p>
      <ServerOwned>
        <QueryView
          query={list}
          lines={4}
          loading={t('lostReasons.loading')}
          empty={t('lostReasons.empty')}
        >
          {(data) => (
            <ul className="edit-list">
              {data.map((reason) => (
                <LostReasonRow key={reason.id} reason={reason} />
              ))}
            </ul>
          )}
        </QueryView>
        <InlineForm
          title={t('lostReasons.newTitle')}
          text={{ id: 'new-lost-reason', value: name, onValue: setName }}
          onSubmit={submit}
          submit={{ label: t('common:add'), disabled: create.isPending || !name.trim() }}
        />
      </ServerOwned>
    </section>
  )
}

function LostReasonRow({ reason }: { reason: LostReason }) {
  const { t } = useTranslation('settings')
  const [name, setName] = useState(reason.name)
  const rename = useSettingsMutation((newName: string) => lostReasons.rename(reason.id, newName), {
    invalidates: [keys.lostReasons],
    done: t('lostReasons.renamed'),
  })
  const remove = useSettingsMutation(() => lostReasons.remove(reason.id), {
    invalidates: [keys.lostReasons],
    done: t('lostReasons.deleted', { name: reason.name }),
  })
  const save = () => {
    if (name.trim() && name.trim() !== reason.name) rename.mutate(name.trim())
    else setName(reason.name)
  }
  return (
    <li className="edit-row">
      <label className="visually-hidden" htmlFor={`reason-${reason.id}`}>
        {t('lostReasons.label')}
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
        aria-label={t('lostReasons.delete', { name: reason.name })}
        onClick={() => remove.mutate(undefined)}
      >
        ×
      </button>
    </li>
  )
}
