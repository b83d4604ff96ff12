import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ProbabilityField } from './probability-field'
import type { Deal, Pipeline, Stage } from '../api/types'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { byId, useLinkedCompany, useLostReasons, useUsers } from '../api/reference-data'
import { formatDate, formatDateTime } from '../format/dates'
import { TagList } from '../layout/tag-list'
import { useQuery } from '@tanstack/react-query'

/** The deal's details card: where it stands, whom it links to, when it closes, its tags. */
export function DealFacts({
  deal,
  pipeline,
  stage,
}: {
  deal: Deal
  pipeline: Pipeline | undefined
  stage: Stage | undefined
}) {
  const { t } = useTranslation(['deals', 'common'])
  const users = byId(useUsers().data)
  const reasons = byId(useLostReasons().data)
  const personId = deal.primaryPersonId ?? ''
  const person = useQuery({
    queryKey: keys.person(personId),
    queryFn: () => people.get(personId),
    enabled: personId !== '',
  })
  const company = useLinkedCompany(deal.primaryCompanyId ?? '')
  return (
    <section aria-labelledby="deal-facts" className="detail-card">
      <h2 id="deal-facts">{t('facts.heading')}</h2>
      <dl className="facts">
        <dt>{t('common:stage')}</dt>
        <dd>
          {pipeline?.name} › {stage?.name}
        </dd>
        <dt>{t('facts.person')}</dt>
        <dd>
          {personId ? (
            <Link to={`/people/${personId}`}>{person.data?.fullName ?? t('common:loading')}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('common:company')}</dt>
        <dd>
          {deal.primaryCompanyId ? (
            <Link to={`/companies/${deal.primaryCompanyId}`}>
              {company.data?.name ?? t('common:loading')}
            </Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('common:owner')}</dt>
        <dd>{deal.ownerId ? (users.get(deal.ownerId)?.name ?? '…') : t('facts.noOwner')}</dd>
        <dt>{t('facts.expectedClose')}</dt>
        <dd>{deal.expectedCloseDate ? formatDate(deal.expectedCloseDate) : '—'}</dd>
        {deal.closedAt && (
          <>
            <dt>{t('facts.closed')}</dt>
            <dd>{formatDateTime(deal.closedAt)}</dd>
          </>
        )}
        {deal.lostReasonId && (
          <>
            <dt>{t('facts.lostReason')}</dt>
            <dd>{reasons.get(deal.lostReasonId)?.name ?? '…'}</dd>
          </>
        )}
        <dt>{t('common:tags')}</dt>
        <dd>
          <TagList tags={deal.tags} />
        </dd>
        <dt>{t('common:created')}</dt>
        <dd>{formatDateTime(deal.createdAt)}</dd>
      </dl>
      {stage?.type === 'open' && <ProbabilityField dealId={deal.id} stage={stage} />}
    </section>
  )
}
