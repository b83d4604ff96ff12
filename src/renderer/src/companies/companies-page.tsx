import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { Link } from 'react-router'
import { useAddressQuery } from '../layout/address-query'
import { companies } from '../api/endpoints'
import { keys } from '../api/keys'
import { formatDate } from '../format/dates'
import { DataTable } from '../ui/data-table'
import { NewRecordButton } from '../ui/new-record-button'
import { HeadingCount } from '../ui/heading-count'
import { EmptyList, ErrorState, Skeleton } from '../ui/states'
import { CompanyFormDialog } from './company-form-dialog'

const pageSize = 50

/** /companies: search by name or domain, sort by name or newest, open one, add one. */
export function CompaniesPage() {
  const { t } = useTranslation(['companies', 'common'])
  const canWrite = useCan('records.write')
  const [params, change] = useAddressQuery()
  const [creating, setCreating] = useState(false)
  const q = params.get('q') ?? ''
  const sort = params.get('sort') === 'name' ? 'name' : '-createdAt'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const deals = params.get('openDeals')
  const openDeals = deals === 'true' || deals === 'false' ? deals : undefined
  const query = { q, sort, page, pageSize, openDeals } as const
  const list = useQuery({
    queryKey: keys.companySearch(query),
    queryFn: () => companies.search(query),
    placeholderData: keepPreviousData,
  })
  const set = (changes: Record<string, string>) =>
    change((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value)
        else next.delete(key)
      }
    })
  return (
    <article>
      <header className="page-header">
        <h1>
          {t('list.heading')}
          {!q && !openDeals && <HeadingCount total={list.data?.total} />}
        </h1>
        {canWrite && (
          <NewRecordButton label={t('list.newCompany')} onNew={() => setCreating(true)} />
        )}
      </header>
      <div className="filters">
        <div className="filter">
          <label htmlFor="company-search">{t('common:search')}</label>
          <input
            id="company-search"
            type="search"
            placeholder={t('list.searchPlaceholder')}
            value={q}
            onChange={(event) => set({ q: event.target.value, page: '' })}
          />
        </div>
        <div className="filter">
          <label htmlFor="company-sort">{t('list.sort')}</label>
          <select
            id="company-sort"
            value={sort}
            onChange={(event) =>
              set({ sort: event.target.value === 'name' ? 'name' : '', page: '' })
            }
          >
            <option value="-createdAt">{t('list.newestFirst')}</option>
            <option value="name">{t('common:name')}</option>
          </select>
        </div>
        <div className="filter">
          <label htmlFor="company-deals">{t('list.deals')}</label>
          <select
            id="company-deals"
            value={openDeals ?? ''}
            onChange={(event) => set({ openDeals: event.target.value, page: '' })}
          >
            <option value="">{t('list.anyDeals')}</option>
            <option value="true">{t('list.withOpenDeals')}</option>
            <option value="false">{t('list.withoutOpenDeals')}</option>
          </select>
        </div>
      </div>
      {list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton lines={6} label={t('list.loading')} />
      ) : list.data.total === 0 ? (
        <EmptyList
          filtered={Boolean(q || openDeals)}
          noMatch={{ title: t('list.noMatch') }}
          empty={{ title: t('list.empty'), text: t('list.emptyText') }}
          addFirst={
            canWrite ? { label: t('list.addFirst'), onAdd: () => setCreating(true) } : undefined
          }
        />
      ) : (
        <>
          <DataTable
            columns={[t('common:name'), t('list.domain'), t('list.people'), t('list.added')]}
            className="companies-table"
          >
            {list.data.data.map((company) => (
              <tr key={company.id}>
                <td>
                  <Link to={`/companies/${company.id}`}>{company.name}</Link>
                </td>
                <td>{company.domain ?? '—'}</td>
                <td>{company.peopleCount}</td>
                <td>{formatDate(company.createdAt.slice(0, 10))}</td>
              </tr>
            ))}
          </DataTable>
          <nav className="pagination" aria-label={t('list.pages')}>
            <button
              type="button"
              className="button"
              disabled={page <= 1}
              onClick={() => set({ page: String(page - 1) })}
            >
              {t('list.previous')}
            </button>
            <span className="pagination-range">
              {t('list.range', {
                first: (page - 1) * pageSize + 1,
                last: (page - 1) * pageSize + list.data.data.length,
                total: list.data.total,
              })}
            </span>
            <button
              type="button"
              className="button"
              disabled={!list.data.hasMore}
              onClick={() => set({ page: String(page + 1) })}
            >
              {t('list.next')}
            </button>
          </nav>
        </>
      )}
      <CompanyFormDialog open={creating} onClose={() => setCreating(false)} />
    </article>
  )
}
