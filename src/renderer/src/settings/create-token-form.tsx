import { useState, type FormEvent } from 'react'
import type { CreatedApiToken, TokenScope } from '../api/types'
import { tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import { useSettingsMutation } from './use-settings-mutation'
import { QuietInput } from '../ui/quiet-input'

/** A name and a scope make a token; its secret goes to `onCreated`, to be shown once. */
export function CreateTokenForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('api')
  const create = useSettingsMutation(tokens.create, { invalidates: [keys.tokens] })
  const submit = (event: FormEvent) => {
    event.preventDefault()
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
    <form className="inline-form" onSubmit={submit}>
      <fieldset className="plain-fieldset">
        <legend>Create a token</legend>
        <div className="inline-row">
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
          <button
            type="submit"
            className="button button-primary"
            disabled={create.isPending || !name.trim()}
          >
            Create token
          </button>
        </div>
      </fieldset>
    </form>
  )
}
