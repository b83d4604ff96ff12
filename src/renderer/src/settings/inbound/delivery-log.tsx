import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { InboundDelivery } from '../../api/types'
import { errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatDateTime, formatRelative } from '../../format/dates'
import { EmptyState } from '../../ui/states'
import { useToast } from '../../ui/toast'
import { PagedLog } from '../../ui/newer-older'

function prettyBody(delivery: InboundDelivery, t: TFunction<'inbound'>): string {
  if (delivery.body === null) return t('log.bodyNotKept', { size: delivery.bodySize })
  if (delivery.bodyTruncated) {
    return `${delivery.body}\n${t('log.bodyTruncated', { size: delivery.bodySize })}`
  }
  try {
    return JSON.stringify(JSON.parse(delivery.body), null, 2)
  } catch {
    return delivery.body
  }
}

/** The request log: what arrived, what it did, and a way to run it again. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('inbound')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [page, setPage] = useState(1)
  const log = useQuery({
    queryKey: integrationKeys.deliveries(webhookId, page),
    queryFn: () => inbound.deliveries(webhookId, page),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  })
  const replay = useMutation({
    mutationFn: (deliveryId: string) => inbound.replay(webhookId, deliveryId),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.allDeliveries(webhookId) })
      toast(t(`log.replayed.${result.outcome}`, { status: result.status }), {
        tone: result.outcome === 'rejected' ? 'error' : 'success',
      })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })

  return (
    <section aria-labelledby="log-heading" className="panel">
      <h3 id="log-heading">{t('log.heading')}</h3>
      <PagedLog
        query={log}
        label={t('log.pages')}
        loading={t('log.loading')}
        empty={<EmptyState title={t('log.emptyTitle')}>{t('log.emptyText')}</EmptyState>}
        page={page}
        onPage={setPage}
      >
        {(rows) => (
          <>
            <ul className="delivery-list">
              {rows.map((delivery) => (
                <li key={delivery.id} className={`delivery outcome-${delivery.outcome}`}>
                  <details>
                    <summary>
                      <span className={`outcome-badge outcome-${delivery.outcome}`}>
                        {t(`log.outcomes.${delivery.outcome}`)}
                      </span>
                      <span className="delivery-status">{delivery.status}</span>
                      <time
                        dateTime={delivery.receivedAt}
                        title={formatDateTime(delivery.receivedAt)}
                      >
                        {formatRelative(delivery.receivedAt)}
                      </time>
                      <span className="muted delivery-type">
                        {delivery.contentType ?? t('log.noContentType')}
                      </span>
                      {delivery.replayOf && <span className="muted">{t('log.replayMark')}</span>}
                      {delivery.error && (
                        <span className="delivery-error">{delivery.error.message}</span>
                      )}
                    </summary>
                    <div className="delivery-body">
                      <div className="inline-row">
                        {delivery.personId && (
                          <Link to={`/people/${delivery.personId}`}>{t('log.openPerson')}</Link>
                        )}
                        {delivery.dealId && (
                          <Link to={`/deals/${delivery.dealId}`}>{t('log.openDeal')}</Link>
                        )}
                        <button
                          type="button"
                          className="button"
                          disabled={replay.isPending}
                          onClick={() => replay.mutate(delivery.id)}
                        >
                          {t('log.replay')}
                        </button>
                      </div>
                      <h4>{t('log.received')}</h4>
                      <pre>{prettyBody(delivery, t)}</pre>
                      <h4>{t('log.answered')}</h4>
                      <pre>{JSON.stringify(delivery.response, null, 2)}</pre>
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedLog>
    </section>
  )
}
