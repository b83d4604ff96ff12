import { Link } from 'react-router'
import type { Person } from '../api/types'
import { byId, useLinkedCompany, useUsers } from '../api/reference-data'
import { formatDateTime } from '../format/dates'
import { TagList } from '../layout/tag-list'

/** The person's details card: company, owner, lead source, tags, when added. */
export function PersonFacts({ person }: { person: Person }) {
  const users = byId(useUsers().data)
  const company = useLinkedCompany(person.companyId ?? '')
  return (
    <section aria-labelledby="person-facts" className="detail-card">
      <h2 id="person-facts">Details</h2>
      <dl className="facts">
        <dt>Company</dt>
        <dd>
          {person.companyId ? (
            <Link to={`/companies/${person.companyId}`}>{company.data?.name ?? 'Loading…'}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>Owner</dt>
        <dd>{person.ownerId ? (users.get(person.ownerId)?.name ?? '…') : 'No owner'}</dd>
        <dt>Lead source</dt>
        <dd>{person.leadSource ?? '—'}</dd>
        <dt>Tags</dt>
        <dd>
          <TagList tags={person.tags} />
        </dd>
        <dt>Added</dt>
        <dd>{formatDateTime(person.createdAt)}</dd>
      </dl>
    </section>
  )
}
