import { useQuery } from '@tanstack/react-query'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { stagesById, usePipelines } from '../api/reference-data'
import { formatMoney } from '../format/money'
import { Link } from 'react-router'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'

/** The deals whose person this is (the page asks too, to say what deleting leaves behind). */
export const usePersonDeals = (personId: string) =>
  useQuery({ queryKey: keys.personDeals(personId), queryFn: () => deals.ofPerson(personId) })

/** The person's deals card: each deal with its value and stage. */
export function PersonDealsCard({ personId }: { personId: string }) {
  const personDeals = usePersonDeals(personId)
  const stages = stagesById(usePipelines().data)
  return (
    <section aria-labelledby="person-deals" className="detail-card">
      <h2 id="person-deals">Deals</h2>
      {personDeals.isPending ? (
        <Skeleton lines={2} label="Loading deals" />
      ) : personDeals.isError ? (
        <ErrorState error={personDeals.error} retry={() => void personDeals.refetch()} />
      ) : personDeals.data.data.length === 0 ? (
        <EmptyState title="No deals yet" />
      ) : (
        <ul className="linked-list">
          {personDeals.data.data.map((deal) => {
            const stage = stages.get(deal.stageId)
            return (
              <li key={deal.id}>
                <Link to={`/deals/${deal.id}`}>{deal.title}</Link>
                <span className="muted">{formatMoney(deal.value, deal.currency)}</span>
                {stage && <span className={`stage-badge badge-${stage.type}`}>{stage.name}</span>}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
