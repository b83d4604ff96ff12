import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { NewDealButton } from '../deals/new-deal-button'
import { DealList } from '../layout/deal-list'

/** The deals whose person this is (the page asks too, to say what deleting leaves behind). */
export const usePersonDeals = (personId: string) =>
  useQuery({ queryKey: keys.personDeals(personId), queryFn: () => deals.ofPerson(personId) })

/** The person's deals card: each deal with its value and stage, and a link to them all. */
export function PersonDealsCard({
  personId,
  companyId,
}: {
  personId: string
  companyId: string | null
}) {
  const { t } = useTranslation('people')
  const personDeals = usePersonDeals(personId)
  return (
    <section aria-labelledby="person-deals" className="detail-card">
      <div className="card-header">
        <h2 id="person-deals">{t('deals.heading')}</h2>
        <NewDealButton personId={personId} companyId={companyId} />
      </div>
      <DealList query={personDeals} allAt={`/deals?personId=${personId}`} />
    </section>
  )
}
