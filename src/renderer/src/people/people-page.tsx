import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { useSearchParams } from 'react-router'
import { SavedViews } from '../layout/saved-views'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { byId, useUsers } from '../api/reference-data'
import { NewRecordButton } from '../ui/new-record-button'
import { HeadingCount } from '../ui/heading-count'
import { EmptyList, ErrorState } from '../ui/states'
import { Pagination } from './pagination'
import { PeopleBulkBar } from './people-bulk-bar'
import { PeopleFilters } from './people-filters'
import { PeopleTable } from './people-table'
import { PersonFormDialog } from './person-form-dialog'
import { useArrivals } from './use-arrivals'
import { usePeopleQuery } from './use-people-query'
import { useSelection } from '../ui/use-selection'
import './people.css'

/** /people: everyone in the workspace, newest first, searchable and filterable. */
export function PeoplePage() {
  const { t } = useTranslation('people')
  const canWrite = useCan('records.write')
  const { query, update, filtered } = usePeopleQuery()
  const [params, setParams] = useSearchParams()
  const [creating, setCreating] = useState(false)
  const owners = byId(useUsers().data)
  const result = useQuery({
    queryKey: keys.peopleSearch(query),
    queryFn: () => people.search(query),
    // The previous page stays on screen while the next loads: nothing jumps.
    placeholderData: keepPreviousData,
  })
  const listKey = JSON.stringify(query)
  const selection = useSelection(listKey)
  const ids = useMemo(() => result.data?.data.map((person) => person.id), [result.data])
  const arrivals = useArrivals(listKey, result.isPlaceholderData ? undefined : ids)

  return (
    <div className="people-page">
      <header className="page-header">
        <h1>
          {t('page.heading')}
          {!filtered && <HeadingCount total={result.data?.total} />}
        </h1>
        <div className="page-actions">
          <SavedViews
            resource="people"
            current={params}
            onPick={(view) => setParams(new URLSearchParams(view))}
          />
          {canWrite && (
            <NewRecordButton label={t('page.newPerson')} onNew={() => setCreating(true)} />
          )}
        </div>
      </header>
      <PeopleFilters query={query} update={update} filtered={filtered} />
      {canWrite && <PeopleBulkBar ids={[...selection.selected]} onDone={selection.clear} />}
      <div className="table-frame">
        {result.isError && !result.data ? (
          <ErrorState error={result.error} retry={() => void result.refetch()} />
        ) : !result.data ? (
          <TableSkeleton rows={Math.min(query.pageSize, 12)} />
        ) : result.data.total === 0 ? (
          <EmptyList
            filtered={filtered}
            noMatch={{ title: t('page.noMatchTitle'), text: t('page.noMatchText') }}
            empty={{ title: t('page.emptyTitle'), text: t('page.emptyText') }}
            addFirst={
              canWrite ? { label: t('page.addFirst'), onAdd: () => setCreating(true) } : undefined
            }
          />
        ) : (
          <PeopleTable
            people={result.data.data}
            arrivals={arrivals}
            owners={owners}
            busy={result.isPlaceholderData}
            order={{ sort: query.sort, onSort: (sort) => update({ sort }) }}
            selection={{
              selected: selection.selected,
              onToggle: selection.toggle,
              onToggleAll: () => selection.toggleAll(ids ?? []),
            }}
          />
        )}
      </div>
      {result.data && result.data.total > 0 && (
        <Pagination
          page={query.page}
          pageSize={query.pageSize}
          total={result.data.total}
          totalCapped={result.data.totalCapped}
          onChange={update}
        />
      )}
      <PersonFormDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  )
}

function TableSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('people')
  return (
    <div className="table-skeleton" role="status" aria-label={t('page.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="skeleton-row">
          <div className="skeleton-line" />
        </div>
      ))}
    </div>
  )
}
