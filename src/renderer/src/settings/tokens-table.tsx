import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { members, tokens } from '../api/endpoints'
import { keys } from '../api/keys'
import type { ApiToken } from '../api/types'
import { useSettingsMutation } from './use-settings-mutation'
import { formatDateTime, formatRelative } from '../format/dates'
import { DataTable } from '../ui/data-table'

/**
 * The workspace's tokens: name, maker, scope, prefix, limit and last use; the last column revokes a
 * live token, or says when it was revoked (a column of its own for the state made eight, too many
 * for 1024 px).
 */
export function TokensTable({
  tokens,
  onRevoke,
}: {
  tokens: ApiToken[]
  onRevoke(token: ApiToken): void
}) {
  const { t } = useTranslation(['settings', 'common'])
  // Who made each token: its rights never exceed that member's role.
  const accounts = useQuery({ queryKey: keys.members, queryFn: members.list })
  const makerOf = (token: ApiToken) =>
    token.createdByAccountId === null
      ? t('tokens.table.madeByOwner')
      : (accounts.data?.find((member) => member.id === token.createdByAccountId)?.name ??
        t('tokens.table.madeByFormer'))
  return (
    <DataTable
      columns={[
        t('common:name'),
        t('tokens.table.madeBy'),
        t('tokens.table.scope'),
        t('tokens.table.token'),
        t('tokens.table.rateLimit'),
        t('tokens.table.lastUsed'),
      ]}
      actions={t('actions')}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <td>{token.name}</td>
          <td className="whole-words">{makerOf(token)}</td>
          <td className="whole-words">{token.scope}</td>
          <td className="whole-words">
            <code>{token.prefix}…</code>
          </td>
          <td>{token.revokedAt ? '—' : <TokenRateLimit token={token} />}</td>
          <td>
            {token.lastUsedAt ? (
              <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                {formatRelative(token.lastUsedAt)}
              </time>
            ) : (
              t('tokens.table.never')
            )}
          </td>
          <td>
            {token.revokedAt ? (
              t('tokens.table.revokedAgo', { when: formatRelative(token.revokedAt) })
            ) : (
              <button
                type="button"
                className="button button-danger-quiet"
                onClick={() => onRevoke(token)}
              >
                {t('tokens.table.revoke')}
              </button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

/** A token's own requests a minute; empty follows the workspace's. Saved on Enter or blur. */
function TokenRateLimit({ token }: { token: ApiToken }) {
  const { t } = useTranslation('settings')
  const [text, setText] = useState(
    token.rateLimitPerMinute === null ? '' : String(token.rateLimitPerMinute),
  )
  const save = useSettingsMutation((value: number | null) => tokens.setRateLimit(token.id, value), {
    invalidates: [keys.tokens],
    done: t('tokens.table.rateSaved', { name: token.name }),
  })
  const commit = () => {
    const value = text.trim() === '' ? null : Number(text)
    if (value !== token.rateLimitPerMinute) save.mutate(value)
  }
  return (
    <>
      <label className="visually-hidden" htmlFor={`rate-${token.id}`}>
        {t('tokens.table.rateLabel', { name: token.name })}
      </label>
      <input
        id={`rate-${token.id}`}
        className="token-rate"
        type="number"
        min={1}
        max={100_000}
        placeholder={t('tokens.table.ratePlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
      />
    </>
  )
}
