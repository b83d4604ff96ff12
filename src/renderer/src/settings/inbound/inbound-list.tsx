import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatRelative } from '../../format/dates'
import { EmptyState, QueryView } from '../../ui/states'
import { DataTable } from '../../ui/data-table'
import './inbound.css'

/** /settings/inbound: every inbound webhook of the workspace. */
export function InboundList() {
  const { t } = useTranslation('inbound')
  const list = useQuery({
    queryKey: integrationKeys.inboundList(1),
    queryFn: () => inbound.list(1),
  })
  return (
    <section aria-labelledby="inbound-list-heading">
      <div className="section-header">
        <h2 id="inbound-list-heading">{t('list.heading')}</h2>
        <Link className="button button-primary" to="/settings/inbound/new">
          {t('list.new')}
        </Link>
      </div>
      <p className="section-intro">{t('list.intro')}</p>
      <QueryView
        query={list}
        loading={t('list.loading')}
        empty={<EmptyState title={t('list.emptyTitle')}>{t('list.emptyText')}</EmptyState>}
      >
        {(data) => (
          <DataTable
            columns={[
              t('list.columns.name'),
              t('list.columns.creates'),
              t('list.columns.duplicatesBy'),
              t('list.columns.url'),
              t('list.columns.state'),
            ]}
          >
            {data.data.map((webhook) => (
              <tr key={webhook.id}>
                <td>
                  <Link to={`/settings/inbound/${webhook.id}`}>{webhook.name}</Link>
                </td>
                <td>{webhook.objectType === 'deal' ? t('list.deals') : t('list.people')}</td>
                <td>{t(`strategies.${webhook.dedupe.strategy}`)}</td>
                <td>
                  <code>…/{webhook.tokenPrefix}…</code>
                </td>
                <td>
                  {webhook.revokedAt
                    ? t('list.revoked', { when: formatRelative(webhook.revokedAt) })
                    : webhook.enabled
                      ? t('list.enabled')
                      : t('list.paused')}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </section>
  )
}
