import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../api/client'
import { subscriptions } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatDateTime, formatRelative } from '../../format/dates'
import { DataTable } from '../../ui/data-table'
import { PagedLog } from '../../ui/newer-older'
import { EmptyState } from '../../ui/states'
import { useToast } from '../../ui/toast'

const weekMs = 7 * 24 * 60 * 60 * 1000

/** A moment as a datetime-local input shows it: the user's local time, to the minute. */
function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/**
 * The events a subscription's endpoint rejected: retrying on their own schedule or failed for
 * good, each with "Retry now", and "Recover" for everything that failed since a moment.
 */
export function SetAsideDeliveries({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('outbound')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [page, setPage] = useState(1)
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - weekMs)))
  const deliveries = useQuery({
    queryKey: integrationKeys.setAside(subscriptionId, page),
    queryFn: () => subscriptions.deliveries(subscriptionId, page),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  })
  const queued = ({ queued: count }: { queued: number }) => {
    void queryClient.invalidateQueries({ queryKey: integrationKeys.subscription(subscriptionId) })
    toast(t('deliveries.queued', { count }), { tone: 'success' })
  }
  const onError = (error: unknown) => toast(errorMessage(error), { tone: 'error' })
  const retry = useMutation({
    mutationFn: (eventId: string) => subscriptions.retryDelivery(subscriptionId, eventId),
    onSuccess: queued,
    onError,
  })
  const recover = useMutation({
    mutationFn: (from: string) =>
      subscriptions.recover(subscriptionId, new Date(from).toISOString()),
    onSuccess: queued,
    onError,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (since) recover.mutate(since)
  }
  return (
    <section className="panel" aria-labelledby="deliveries-heading">
      <h3 id="deliveries-heading">{t('deliveries.heading')}</h3>
      <p className="muted">{t('deliveries.intro')}</p>
      <form className="inline-row" onSubmit={submit}>
        <label htmlFor="recover-since">{t('deliveries.recoverSince')}</label>
        <input
          id="recover-since"
          type="datetime-local"
          value={since}
          onChange={(event) => setSince(event.target.value)}
          required
        />
        <button type="submit" className="button" disabled={recover.isPending}>
          {t('deliveries.recover')}
        </button>
      </form>
      <PagedLog
        query={deliveries}
        label={t('deliveries.pages')}
        loading={t('deliveries.loading')}
        empty={
          <EmptyState title={t('deliveries.emptyTitle')}>{t('deliveries.emptyText')}</EmptyState>
        }
        page={page}
        onPage={setPage}
      >
        {(rows) => (
          <DataTable
            columns={[
              t('deliveries.columns.event'),
              t('deliveries.columns.state'),
              t('deliveries.columns.attempts'),
              t('deliveries.columns.lastAnswer'),
              t('deliveries.columns.nextTry'),
            ]}
            actions={t('deliveries.actions')}
          >
            {rows.map((delivery) => (
              <tr key={delivery.eventId}>
                <td className="mono whole-words" title={formatDateTime(delivery.failedAt)}>
                  {delivery.eventType ?? delivery.eventId}
                </td>
                <td className="whole-words">
                  <span
                    className={`outcome-badge ${delivery.status === 'failed' ? 'outcome-rejected' : ''}`}
                  >
                    {t(`deliveries.status.${delivery.status}`)}
                  </span>
                </td>
                <td>{delivery.attempts}</td>
                <td>{delivery.lastStatus ?? delivery.lastError ?? t('deliveries.noAnswer')}</td>
                <td>{delivery.nextAttemptAt ? formatRelative(delivery.nextAttemptAt) : '—'}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(delivery.eventId)}
                  >
                    {t('deliveries.retryNow')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedLog>
    </section>
  )
}
