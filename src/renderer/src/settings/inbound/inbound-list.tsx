import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatRelative } from '../../format/dates'
import { EmptyState, QueryView } from '../../ui/states'
import { DataTable } from '../../ui/data-table'

/** /settings/inbound: every inbound webhook of the workspace. */
export function InboundList() {
  const list = useQuery({
    queryKey: integrationKeys.inboundList(1),
    queryFn: () => inbound.list(1),
  })
  return (
    <section aria-labelledby="inbound-list-heading">
      <div className="section-header">
        <h2 id="inbound-list-heading">Inbound webhooks</h2>
        <Link className="button button-primary" to="/settings/inbound/new">
          New inbound webhook
        </Link>
      </div>
      <p className="section-intro">
        Website forms, ad platforms, booking tools and scripts post JSON or form data to a webhook
        URL; Outpost maps it to a person (or a deal) and matches it against the people it has, so a
        second form from the same e-mail updates rather than duplicates.
      </p>
      <QueryView
        query={list}
        loading="Loading inbound webhooks"
        empty={
          <EmptyState title="No inbound webhooks yet">
            Create one to get a URL to post to.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable columns={['Name', 'Creates', 'Duplicates by', 'URL', 'State']}>
            {data.data.map((webhook) => (
              <tr key={webhook.id}>
                <td>
                  <Link to={`/settings/inbound/${webhook.id}`}>{webhook.name}</Link>
                </td>
                <td>{webhook.objectType === 'deal' ? 'Deals' : 'People'}</td>
                <td>{webhook.dedupe.strategy}</td>
                <td>
                  <code>…/{webhook.tokenPrefix}…</code>
                </td>
                <td>
                  {webhook.revokedAt
                    ? `Revoked ${formatRelative(webhook.revokedAt)}`
                    : webhook.enabled
                      ? 'Enabled'
                      : 'Paused'}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  )
}
