import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreatedApiToken, TokenScope } from '../api/types'
import { tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import { useSettingsMutation } from './use-settings-mutation'
import { QuietInput } from '../ui/quiet-input'
import { InlineForm } from '../ui/inline-form'

/** A name and a scope make a token; its secret goes to `onCreated`, to be shown once. */
export function CreateTokenForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
  const { t } = useTranslation('settings')
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('api')
  const create = useSettingsMutation(tokens.create, { invalidates: [keys.tokens] })
  const submit = () => {
    if (!name.trim()) return
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setName('')
          onCreated(token)
        },
      },
    )
  }
  return (
    <InlineForm
      title={t('tokens.create.title')}
      onSubmit={submit}
      submit={{
        label: t('tokens.create.submit'),
        disabled: create.isPending || !name.trim(),
        primary: true,
      }}
    >
      <QuietInput
        id="token-name"
        label={t('tokens.create.name')}
        placeholder={t('tokens.create.namePlaceholder')}
        value={name}
        onValue={setName}
      />
      <label className="visually-hidden" htmlFor="token-scope">
        {t('tokens.create.scope')}
      </label>
      <select
        id="token-scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as TokenScope)}
      >
        <option value="api">{t('tokens.create.scopeApi')}</option>
        <option value="admin">{t('tokens.create.scopeAdmin')}</option>
      </select>
    </InlineForm>
  )
}
