import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { stagesById, usePipelines } from '../api/reference-data'
import type { Deal, Page } from '../api/types'
import { formatMoney } from '../format/money'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'

/** Deals a record links to (a person's, a company's): each with its value and stage. */
export function DealList({
  query,
  allAt,
}: {
  query: UseQueryResult<Page<Deal>>
  /** Where the whole list is, linked when this one holds only its first page. */
  allAt?: string
}) {
  const { t } = useTranslation('layout')
  const stages = stagesById(usePipelines().data)
  if (query.isPending) return <Skeleton lines={2} label={t('dealList.loading')} />
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />
  if (query.data.data.length === 0) return <EmptyState title={t('dealList.empty')} />
  return (
    <ul className="linked-list">
      {query.data.data.map((deal) => {
        const stage = stages.get(deal.stageId)
        return (
          <li key={deal.id}>
            <Link to={`/deals/${deal.id}`}>{deal.title}</Link>
            <span className="muted">{formatMoney(deal.value, deal.currency)}</span>
            {stage && <span className={`stage-badge badge-${stage.type}`}>{stage.name}</span>}
          </li>
        )
      })}
      {allAt && query.data.hasMore && (
        <li>
          <Link to={allAt}>{t('dealList.all', { number: query.data.total })}</Link>
        </li>
      )}
    </ul>
  )
}
