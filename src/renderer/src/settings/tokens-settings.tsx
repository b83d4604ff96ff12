import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { ApiToken, CreatedApiToken, TokenScope } from '../api/types'
import { tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import { formatDateTime, formatRelative } from '../format/dates'
import { CopyButton } from '../ui/copy-button'
import { ConfirmDialog, Dialog } from '../ui/dialog'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { useSettingsMutation } from './use-settings-mutation'

/** /settings/tokens: API tokens for scripts; the secret is shown once, at creation. */
export function TokensSettings() {
  const list = useQuery({ queryKey: keys.tokens, queryFn: tokens.list })
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('api')
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  const [revoking, setRevoking] = useState<ApiToken | null>(null)
  const create = useSettingsMutation(tokens.create, { invalidates: [keys.tokens] })
  const revoke = useSettingsMutation(tokens.revoke, {
    invalidates: [keys.tokens],
    done: 'Token revoked: it stops working at once',
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (token) => {
          setName('')
          setCreated(token)
        },
      },
    )
  }
  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">API tokens</h2>
      <p className="section-intro">
        Scripts call <code>/api/v1</code> with <code>Authorization: Bearer &lt;token&gt;</code>. An{' '}
        <em>api</em> token reaches people and deals; an <em>admin</em> token also reaches these
        settings (<code>/api/app/v1</code>).
      </p>
      <form className="inline-form" onSubmit={submit}>
        <fieldset className="plain-fieldset">
          <legend>Create a token</legend>
          <div className="inline-row">
            <label className="visually-hidden" htmlFor="token-name">
              Token name
            </label>
            <input
              id="token-name"
              placeholder="What it is for, e.g. Sync script"
              value={name}
              onChange={(event) => setName(event.target.value)}
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
      {list.isPending && <Skeleton lines={3} label="Loading tokens" />}
      {list.isError && <ErrorState error={list.error} retry={() => void list.refetch()} />}
      {list.data?.length === 0 && <EmptyState title="No tokens yet" />}
      {list.data && list.data.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scope</th>
              <th scope="col">Token</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{token.scope}</td>
                <td>
                  <code>{token.prefix}…</code>
                </td>
                <td>
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                      {formatRelative(token.lastUsedAt)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td>{token.revokedAt ? `Revoked ${formatRelative(token.revokedAt)}` : 'Active'}</td>
                <td>
                  {!token.revokedAt && (
                    <button
                      type="button"
                      className="button button-danger-quiet"
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog open={created !== null} title="Your new token" onClose={() => setCreated(null)}>
        {created && (
          <>
            <p>
              Copy it now: this is the only time <strong>{created.name}</strong> is shown. Only a
              hash of it is kept.
            </p>
            <div className="secret-box">
              <code data-testid="created-token">{created.token}</code>
              <CopyButton text={created.token} />
            </div>
            <div className="form-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={() => setCreated(null)}
              >
                Done
              </button>
            </div>
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        message={
          <>
            Scripts using <strong>{revoking?.name}</strong> get 401 from their next request.
          </>
        }
        confirmLabel="Revoke token"
        danger
        busy={revoke.isPending}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })
        }
        onClose={() => setRevoking(null)}
      />
    </section>
  )
}
