import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { InboundDelivery } from '../../api/types'
import { errorMessage } from '../../api/client'
import { inbound } from '../../api/integrations'
import { integrationKeys } from '../../api/keys'
import { formatDateTime, formatRelative } from '../../format/dates'
import { EmptyState } from '../../ui/states'
import { useToast } from '../../ui/toast'
import { PagedLog } from '../../ui/newer-older'

const outcomeLabels = { created: 'Created', updated: 'Updated', rejected: 'Rejected' } as const

function prettyBody(delivery: InboundDelivery): string {
  if (delivery.body === null) return `(${delivery.bodySize} bytes, over the size kept)`
  if (delivery.bodyTruncated) {
    return `${delivery.body}\n… (the first 4 KiB of ${delivery.bodySize} bytes: rejected requests keep no more)`
  }
  try {
    return JSON.stringify(JSON.parse(delivery.body), null, 2)
  } catch {
    return delivery.body
  }
}

/** The request log: what arrived, what it did, and a way to run it again. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
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
      toast(`Replayed: ${outcomeLabels[result.outcome].toLowerCase()} (${result.status})`, {
        tone: result.outcome === 'rejected' ? 'error' : 'success',
      })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })

  return (
    <section aria-labelledby="log-heading" className="panel">
      <h3 id="log-heading">Request log</h3>
      <PagedLog
        query={log}
        label="Request log pages"
        loading="Loading the request log"
        empty={
          <EmptyState title="Nothing has arrived yet">
            Deliveries show up here with what they did, newest first.
          </EmptyState>
        }
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
                        {outcomeLabels[delivery.outcome]}
                      </span>
                      <span className="delivery-status">{delivery.status}</span>
                      <time
                        dateTime={delivery.receivedAt}
                        title={formatDateTime(delivery.receivedAt)}
                      >
                        {formatRelative(delivery.receivedAt)}
                      </time>
                      <span className="muted delivery-type">
                        {delivery.contentType ?? 'no content type'}
                      </span>
                      {delivery.replayOf && <span className="muted">replay</span>}
                      {delivery.error && (
                        <span className="delivery-error">{delivery.error.message}</span>
                      )}
                    </summary>
                    <div className="delivery-body">
                      <div className="inline-row">
                        {delivery.personId && (
                          <Link to={`/people/${delivery.personId}`}>Open the person</Link>
                        )}
                        {delivery.dealId && (
                          <Link to={`/deals/${delivery.dealId}`}>Open the deal</Link>
                        )}
                        <button
                          type="button"
                          className="button"
                          disabled={replay.isPending}
                          onClick={() => replay.mutate(delivery.id)}
                        >
                          Replay
                        </button>
                      </div>
                      <h4>Received</h4>
                      <pre>{prettyBody(delivery)}</pre>
                      <h4>Answered</h4>
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
