import { useState } from 'react'
import type { CreatedApiToken, TokenScope } from '../api/types'
import { tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import { useSettingsMutation } from './use-settings-mutation'
import { QuietInput } from '../ui/quiet-input'
import { InlineForm } from '../ui/inline-form'

/** A name and a scope make a token; its secret goes to `onCreated`, to be shown once. */
export function CreateTokenForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
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
      title="Create a token"
      onSubmit={submit}
      submit={{ label: 'Create token', disabled: create.isPending || !name.trim(), primary: true }}
    >
      <QuietInput
        id="token-name"
        label="Token name"
        placeholder="What it is for, e.g. Sync script"
        value={name}
        onValue={setName}
      />
      <label className="visually-hidden" htmlFor="token-scope">
        Scope
      </label>
      <select
        id="token-scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as TokenScope)}
      >
        <option value="api">api: people and deals</option>
        <option value="admin">admin: also settings</option>
      </select>
    </InlineForm>
  )
}
