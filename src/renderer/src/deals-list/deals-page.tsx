import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAddressQuery } from '../layout/address-query'
import { deals, type DealsQuery } from '../api/endpoints'
import { keys } from '../api/keys'
import { byId, stagesById, usePipelines, useUsers } from '../api/reference-data'
import type { DealListItem } from '../api/types'
import { formatDate } from '../format/dates'
import { formatMoney } from '../format/money'
import { Pagination } from '../people/pagination'
import { saveFile, spreadsheetCsv } from '../ui/save-file'
import { HeadingCount } from '../ui/heading-count'
import { EmptyList, ErrorState, Skeleton } from '../ui/states'
import { DealFormDialog } from '../deals/deal-form-dialog'
import { useCan } from '../session/workspace'
import { NewRecordButton } from '../ui/new-record-button'
import { useSelection } from '../ui/use-selection'
import { DealsBulkBar } from './deals-bulk-bar'
import { DealsFilters, filterParams } from './deals-filters'
import { dealsCsv, dealsWorkbook } from './deals-csv'
import { SavedViews } from '../layout/saved-views'
import './deals-list.css'
import { SortButton, sortState } from '../ui/sort-button'

type Sort = NonNullable<DealsQuery['sort']>

/** The columns a click sorts by, each way: the first click is the natural order. */
const sortable = [
  ['sort.title', 'title', '-title'],
  ['sort.value', 'value', '-value'],
  ['sort.expectedClose', 'expectedCloseDate', '-expectedCloseDate'],
] as const satisfies readonly (readonly [label: string, first: Sort, second: Sort])[]

/** The view's query from the address: its filters, sort and page, shareable as a link. */
function useViewQuery() {
  const [params, change, replace] = useAddressQuery()
  const query: DealsQuery = {
    ...Object.fromEntries(
      filterParams.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])),
    ),
    sort: (params.get('sort') as Sort | null) ?? '-createdAt',
    page: Number(params.get('page')) || 1,
    pageSize: Number(params.get('pageSize')) || 50,
  }
  return { query, params, change, replace }
}

/** Who a deal is with: its person above its company, each a link; a dash for neither. */
function DealContact({ deal }: { deal: DealListItem }) {
  if (!deal.personName && !deal.companyName) return '—'
  return (
    <>
      {deal.primaryPersonId && deal.personName && (
        <Link to={`/people/${deal.primaryPersonId}`}>{deal.personName}</Link>
      )}
      {deal.primaryCompanyId && deal.companyName && (
        <Link className="deal-company" to={`/companies/${deal.primaryCompanyId}`}>
          {deal.companyName}
        </Link>
      )}
    </>
  )
}

/** /deals: every deal as a list: search, filter, sort, act on many, save the view, export it. */
export function DealsPage() {
  const { t } = useTranslation(['dealsList', 'common'])
  const { query, params, change, replace } = useViewQuery()
  const pipelines = usePipelines()
  const users = byId(useUsers().data)
  const stages = stagesById(pipelines.data)
  const selection = useSelection(JSON.stringify(query))
  const [creating, setCreating] = useState(false)
  const canWrite = useCan('records.write')
  const filtered = filterParams.some((name) => params.get(name))
  const list = useQuery({
    queryKey: keys.dealsList(query),
    queryFn: () => deals.list(query),
    placeholderData: keepPreviousData,
  })
  const set = (changes: Record<string, string | undefined>) =>
    change((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value)
        else next.delete(key)
      }
      if (!('page' in changes)) next.delete('page')
    })
  const names = {
    stage: (id: string) => stages.get(id)?.name ?? '',
    pipeline: (id: string) => pipelines.data?.find((item) => item.id === id)?.name ?? '',
    user: (id: string) => users.get(id)?.email ?? users.get(id)?.name ?? '',
  }
  const exportView = async (format: 'csv' | 'xlsx') => {
    // Every deal of the view, however many pages it takes: an export that stopped short would
    // look complete.
    const rows: DealListItem[] = []
    for (let page = 1, more = true; more; page++) {
      const result = await deals.list({ ...query, page, pageSize: 100 })
      rows.push(...result.data)
      more = result.hasMore
    }
    if (format === 'xlsx') saveFile(await dealsWorkbook(rows, names), 'outpost-deals-view.xlsx')
    else saveFile(spreadsheetCsv([dealsCsv(rows, names)]), 'outpost-deals-view.csv')
  }
  const { selected } = selection
  const page = list.data?.data ?? []
  const allPicked = page.length > 0 && page.every((deal) => selected.has(deal.id))
  return (
    <article className="deals-list">
      <header className="page-header">
        <h1>
          {t('page.heading')}
          {!filtered && <HeadingCount total={list.data?.total} />}
        </h1>
        <div className="page-actions">
          <SavedViews
            resource="deals"
            current={params}
            onPick={(view) => replace(new URLSearchParams(view))}
          />
          <button type="button" className="button" onClick={() => void exportView('xlsx')}>
            {t('page.exportXlsx')}
          </button>
          <button type="button" className="button" onClick={() => void exportView('csv')}>
            {t('page.exportCsv')}
          </button>
          {canWrite && (
            <NewRecordButton label={t('page.newDeal')} onNew={() => setCreating(true)} />
          )}
        </div>
      </header>
      <DealsFilters query={query} onChange={set} />
      {canWrite && <DealsBulkBar ids={[...selected]} onDone={selection.clear} />}
      {list.isError ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton lines={8} label={t('page.loading')} />
      ) : list.data.total === 0 ? (
        <EmptyList
          filtered={filtered}
          noMatch={{ title: t('page.empty'), text: t('page.noMatchText') }}
          empty={{ title: t('page.emptyTitle'), text: t('page.emptyText') }}
          addFirst={
            canWrite ? { label: t('page.addFirst'), onAdd: () => setCreating(true) } : undefined
          }
        />
      ) : (
        <>
          <table className="data-table deals-table">
            <thead>
              <tr>
                {canWrite && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('page.selectPage')}
                      checked={allPicked}
                      onChange={() => selection.toggleAll(page.map((deal) => deal.id))}
                    />
                  </th>
                )}
                {sortable.map(([label, first, second]) => (
                  <th key={first} scope="col" aria-sort={sortState(query.sort, [first, second])}>
                    <SortButton
                      label={t(label)}
                      orders={[first, second]}
                      current={query.sort}
                      onSort={(sort) => set({ sort: sort as Sort })}
                    />
                  </th>
                ))}
                <th scope="col">{t('page.contact')}</th>
                <th scope="col">{t('common:stage')}</th>
                <th scope="col">{t('common:owner')}</th>
              </tr>
            </thead>
            <tbody>
              {page.map((deal) => (
                <tr key={deal.id}>
                  {canWrite && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('page.selectDeal', { title: deal.title })}
                        checked={selected.has(deal.id)}
                        onChange={() => selection.toggle(deal.id)}
                      />
                    </td>
                  )}
                  <td>
                    <Link to={`/deals/${deal.id}`}>{deal.title}</Link>
                  </td>
                  <td>{formatMoney(deal.value, deal.currency)}</td>
                  <td>{deal.expectedCloseDate ? formatDate(deal.expectedCloseDate) : '—'}</td>
                  <td>
                    <DealContact deal={deal} />
                  </td>
                  <td>{names.stage(deal.stageId)}</td>
                  <td>{deal.ownerId ? (users.get(deal.ownerId)?.name ?? '') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={query.page ?? 1}
            pageSize={query.pageSize ?? 50}
            total={list.data.total}
            onChange={(changes) =>
              set({
                ...(changes.page ? { page: String(changes.page) } : {}),
                ...(changes.pageSize ? { pageSize: String(changes.pageSize) } : {}),
              })
            }
          />
        </>
      )}
      <DealFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        defaults={query.pipelineId ? { pipelineId: query.pipelineId } : undefined}
      />
    </article>
  )
}
