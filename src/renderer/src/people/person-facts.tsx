import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Person } from '../api/types'
import { byId, useLinkedCompany, useUsers } from '../api/reference-data'
import { formatDateTime } from '../format/dates'
import { TagList } from '../layout/tag-list'

/** The person's details card: company, owner, lead source, tags, when added. */
export function PersonFacts({ person }: { person: Person }) {
  const { t } = useTranslation(['people', 'common'])
  const users = byId(useUsers().data)
  const company = useLinkedCompany(person.companyId ?? '')
  return (
    <section aria-labelledby="person-facts" className="detail-card">
      <h2 id="person-facts">{t('facts.heading')}</h2>
      <dl className="facts">
        <dt>{t('common:company')}</dt>
        <dd>
          {person.companyId ? (
            <Link to={`/companies/${person.companyId}`}>
              {company.data?.name ?? t('common:loading')}
            </Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('common:owner')}</dt>
        <dd>{person.ownerId ? (users.get(person.ownerId)?.name ?? '…') : t('facts.noOwner')}</dd>
        <dt>{t('facts.leadSource')}</dt>
        <dd>{person.leadSource ?? '—'}</dd>
        <dt>{t('common:tags')}</dt>
        <dd>
          <TagList tags={person.tags} />
        </dd>
        <dt>{t('facts.added')}</dt>
        <dd>{formatDateTime(person.createdAt)}</dd>
      </dl>
    </section>
  )
}
