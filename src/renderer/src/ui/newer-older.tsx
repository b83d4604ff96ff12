import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Page } from '../api/types'
import { QueryView } from './states'

/** Paging through a log, newest first: Newer and Older, shown only when there is more than a page. */
export function NewerOlder({
  label,
  page,
  hasMore,
  onPage,
}: {
  label: string
  page: number
  hasMore: boolean
  onPage(page: number): void
}) {
  const { t } = useTranslation('ui')
  if (page <= 1 && !hasMore) return null
  return (
    <nav className="inline-row" aria-label={label}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.newer')}
      </button>
      <button type="button" className="button" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('pager.older')}
      </button>
    </nav>
  )
}

/** A log read a page at a time: its states (see QueryView), the page, and Newer/Older below. */
export function PagedLog<T>({
  query,
  label,
  loading,
  empty,
  page,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<T>>
  /** Names the pager for screen readers (`Delivery log pages`). */
  label: string
  loading: string
  empty: ReactNode
  page: number
  onPage(page: number): void
  children(rows: T[]): ReactNode
}) {
  return (
    <QueryView query={query} lines={4} loading={loading} empty={empty}>
      {(data) => (
        <>
          {children(data.data)}
          <NewerOlder label={label} page={page} hasMore={data.hasMore} onPage={onPage} />
        </>
      )}
    </QueryView>
  )
}
