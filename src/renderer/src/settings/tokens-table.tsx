import type { ApiToken } from '../api/types'
import { formatDateTime, formatRelative } from '../format/dates'
import { DataTable } from '../ui/data-table'

/** The workspace's tokens: name, scope, prefix, last use and state, with Revoke for live ones. */
export function TokensTable({
  tokens,
  onRevoke,
}: {
  tokens: ApiToken[]
  onRevoke(token: ApiToken): void
}) {
  return (
    <DataTable columns={['Name', 'Scope', 'Token', 'Last used', 'Status']} actions="Actions">
      {tokens.map((token) => (
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
                onClick={() => onRevoke(token)}
              >
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
