import { useQuery } from '@tanstack/react-query'
import { useCan } from '../session/workspace'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { companies } from '../api/endpoints'
import { keys } from '../api/keys'
import { MoneyList } from '../ui/money-list'
import { NewDealButton } from '../deals/new-deal-button'
import { NewPersonButton } from '../people/new-person-button'
import { DealList } from '../layout/deal-list'
import { DeleteRecordDialog, useRecordDelete } from '../layout/record-page-parts'
import { RecordActions } from '../ui/record-actions'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { RecordWorkCard } from '../work/record-work-card'
import { CompanyFormDialog } from './company-form-dialog'
import '../layout/detail.css'

/** /companies/:id: a company, its open and won deals, its people, its activities and notes. */
export function CompanyPage() {
  const { t } = useTranslation('companies')
  const canWrite = useCan('records.write')
  const { id = '' } = useParams()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const summary = useQuery({
    queryKey: keys.companySummary(id),
    queryFn: () => companies.summary(id),
  })
  const timeline = useQuery({
    queryKey: keys.companyTimeline(id),
    queryFn: () => companies.timeline(id),
  })
  const remove = useRecordDelete({
    remove: () => companies.remove(id),
    invalidates: [keys.companies, keys.people, keys.boards],
    message: () =>
      summary.data ? t('page.deleted', { name: summary.data.name }) : t('page.deletedUnnamed'),
    leaveTo: () => '/companies',
  })
  if (summary.isError) {
    return <ErrorState error={summary.error} retry={() => void summary.refetch()} />
  }
  if (!summary.data) return <Skeleton lines={8} label={t('page.loading')} />
  const company = summary.data
  return (
    <article className="detail">
      <nav aria-label={t('page.breadcrumb')} className="breadcrumb">
        <Link to="/companies">{t('page.companies')}</Link>
      </nav>
      <header className="detail-header">
        <div>
          <h1>{company.name}</h1>
          <p className="detail-subtitle">
            {company.domain && (
              <a href={`https://${company.domain}`} rel="noreferrer">
                {company.domain}
              </a>
            )}
            <span>
              {t('page.openDeals', { number: company.openDeals.count })}{' '}
              <MoneyList money={company.openDeals.totals} />
            </span>
            <span>
              {t('page.won', { number: company.wonDeals.count })}{' '}
              <MoneyList money={company.wonDeals.totals} />
            </span>
          </p>
        </div>
        {canWrite && (
          <RecordActions onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
        )}
      </header>
      <div className="detail-columns">
        <div className="detail-stack">
          <CompanyPeopleCard companyId={id} count={company.peopleCount} />
          <CompanyDealsCard companyId={id} />
        </div>
        <RecordWorkCard record={{ kind: 'company', id }} events={timeline} />
      </div>
      <CompanyFormDialog open={editing} onClose={() => setEditing(false)} company={company} />
      <DeleteRecordDialog
        what={t('page.what')}
        open={deleting}
        message={
          <Trans
            t={t}
            i18nKey="page.deleteMessage"
            values={{ name: company.name }}
            components={{ strong: <strong /> }}
          />
        }
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </article>
  )
}

function CompanyPeopleCard({ companyId, count }: { companyId: string; count: number }) {
  const { t } = useTranslation('companies')
  const people = useQuery({
    queryKey: [...keys.company(companyId), 'people'],
    queryFn: () => companies.people(companyId),
  })
  return (
    <section aria-labelledby="company-people" className="detail-card">
      <div className="card-header">
        <h2 id="company-people">{t('page.people', { number: count })}</h2>
        <NewPersonButton companyId={companyId} />
      </div>
      {people.isError ? (
        <ErrorState error={people.error} retry={() => void people.refetch()} />
      ) : !people.data ? (
        <Skeleton lines={2} label={t('page.loadingPeople')} />
      ) : people.data.data.length === 0 ? (
        <EmptyState title={t('page.noPeople')} />
      ) : (
        <ul className="linked-list">
          {people.data.data.map((person) => (
            <li key={person.id}>
              <Link to={`/people/${person.id}`}>{person.fullName}</Link>
              {person.primaryEmail && (
                <span className="muted linked-detail" title={person.primaryEmail}>
                  {person.primaryEmail}
                </span>
              )}
            </li>
          ))}
          {people.data.hasMore && (
            <li>
              <Link to={`/people?companyId=${companyId}`}>
                {t('page.allPeople', { number: people.data.total })}
              </Link>
            </li>
          )}
        </ul>
      )}
    </section>
  )
}

function CompanyDealsCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation('companies')
  const companyDeals = useQuery({
    queryKey: [...keys.company(companyId), 'deals'],
    queryFn: () => companies.deals(companyId),
  })
  return (
    <section aria-labelledby="company-deals" className="detail-card">
      <div className="card-header">
        <h2 id="company-deals">{t('page.deals')}</h2>
        <NewDealButton companyId={companyId} />
      </div>
      <DealList query={companyDeals} allAt={`/deals?companyId=${companyId}`} />
    </section>
  )
}
