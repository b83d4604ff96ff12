import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { PersonListItem, User } from '../api/types'
import { formatDateTime, formatRelative } from '../format/dates'
import { initials } from '../format/labels'
import { SortButton, sortState } from '../ui/sort-button'
import type { PeopleSort } from './use-people-query'

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, PersonListItem>()

interface Selection {
  selected: ReadonlySet<string>
  onToggle(id: string): void
  onToggleAll(): void
}

interface Order {
  sort: PeopleSort | undefined
  onSort(sort: PeopleSort): void
}

// The columns the server can sort by, each with its two orders (the first click's first).
const sortableColumns: Record<string, [PeopleSort, PeopleSort]> = {
  fullName: ['fullName', '-fullName'],
  createdAt: ['-createdAt', 'createdAt'],
}

function ariaSort(column: string, sort: PeopleSort | undefined) {
  const orders = sortableColumns[column]
  return orders ? sortState(sort ?? '-createdAt', orders) : undefined
}

function columnsFor(
  t: TFunction<['people', 'common']>,
  owners: Map<string, User>,
  people: PersonListItem[],
  selection: Selection,
  order: Order,
) {
  const allPicked = people.length > 0 && people.every((person) => selection.selected.has(person.id))
  return helper.columns([
    helper.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label={t('table.selectAll')}
          checked={allPicked}
          onChange={selection.onToggleAll}
        />
      ),
      cell: (info) => (
        <input
          type="checkbox"
          aria-label={t('table.select', { name: info.row.original.fullName })}
          checked={selection.selected.has(info.row.original.id)}
          onChange={() => selection.onToggle(info.row.original.id)}
        />
      ),
    }),
    helper.accessor('fullName', {
      header: () => (
        <SortButton
          label={t('common:name')}
          orders={sortableColumns.fullName!}
          current={order.sort ?? '-createdAt'}
          onSort={(sort) => order.onSort(sort as PeopleSort)}
        />
      ),
      cell: (info) => {
        const { id, companyId, companyName } = info.row.original
        return (
          <>
            <Link className="person-name" to={`/people/${id}`}>
              <span className="avatar" aria-hidden="true">
                {initials(info.getValue())}
              </span>
              <span className="person-name-text">{info.getValue()}</span>
            </Link>
            {companyId && companyName && (
              <Link className="person-company" to={`/companies/${companyId}`}>
                {companyName}
              </Link>
            )}
          </>
        )
      },
    }),
    helper.accessor('primaryEmail', {
      header: t('common:email'),
      cell: (info) => info.getValue() ?? '—',
    }),
    helper.accessor('lifecycleStage', {
      header: t('table.lifecycleStage'),
      cell: (info) => {
        const stage = info.getValue()
        return stage ? (
          <span className={`lifecycle lifecycle-${stage}`}>{t(`lifecycle.${stage}`)}</span>
        ) : (
          '—'
        )
      },
    }),
    helper.accessor('ownerId', {
      header: t('common:owner'),
      cell: (info) => {
        const id = info.getValue()
        return id ? (owners.get(id)?.name ?? '…') : '—'
      },
    }),
    helper.accessor('tags', {
      header: t('common:tags'),
      cell: (info) =>
        info.getValue().map((tag) => (
          <span key={tag} className="tag">
            {tag}
          </span>
        )),
    }),
    helper.accessor('createdAt', {
      header: () => (
        <SortButton
          label={t('table.added')}
          orders={sortableColumns.createdAt!}
          current={order.sort ?? '-createdAt'}
          onSort={(sort) => order.onSort(sort as PeopleSort)}
        />
      ),
      cell: (info) => (
        <time dateTime={info.getValue()} title={formatDateTime(info.getValue())}>
          {formatRelative(info.getValue())}
        </time>
      ),
    }),
  ])
}

/**
 * One page of people. The server sorts, filters and pages (a workspace may hold a million
 * people); the table only lays out the page it is given.
 */
export function PeopleTable({
  people,
  arrivals,
  owners,
  busy,
  selection,
  order,
}: {
  selection: Selection
  /** The order the server sorts by; the name and date headers change it. */
  order: Order
  people: PersonListItem[]
  /** People who arrived while the list was open: their rows light up for a moment. */
  arrivals: Set<string>
  owners: Map<string, User>
  busy: boolean
}) {
  const { t } = useTranslation(['people', 'common'])
  const navigate = useNavigate()
  const table = useTable({
    features,
    columns: columnsFor(t, owners, people, selection, order),
    data: people,
    getRowId: (row) => row.id,
  })

  return (
    <table className="data-table people-table" aria-busy={busy}>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={`col-${header.column.id}`}
                aria-sort={ariaSort(header.column.id, order.sort)}
              >
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr
            key={row.id}
            className={arrivals.has(row.id) ? 'row-new' : undefined}
            onClick={(event) => {
              if (!(event.target as HTMLElement).closest('a, input')) {
                void navigate(`/people/${row.id}`)
              }
            }}
          >
            {row.getAllCells().map((cell) => (
              <td key={cell.id} className={`col-${cell.column.id}`}>
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
