import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiRequestError, errorMessage } from '../api/client'
import './states.css'

/** Grey placeholder lines the size of what is coming, so nothing jumps when it arrives. */
export function Skeleton({ lines = 3, label }: { lines?: number; label?: string }) {
  const { t } = useTranslation('ui')
  return (
    <div className="skeleton" role="status" aria-label={label ?? t('states.loading')}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="skeleton-line" />
      ))}
    </div>
  )
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children && <p className="empty-text">{children}</p>}
      {action}
    </div>
  )
}

/**
 * A list with nothing to show: when filtered, that nothing matches; else how its records arrive,
 * with the button that adds the first one (given only to those who may add).
 */
export function EmptyList({
  filtered,
  noMatch,
  empty,
  addFirst,
}: {
  filtered: boolean
  noMatch: { title: string; text?: string }
  empty: { title: string; text: string }
  addFirst?: { label: string; onAdd(): void }
}) {
  if (filtered) return <EmptyState title={noMatch.title}>{noMatch.text}</EmptyState>
  return (
    <EmptyState
      title={empty.title}
      action={
        addFirst && (
          <button type="button" className="button button-primary" onClick={addFirst.onAdd}>
            {addFirst.label}
          </button>
        )
      }
    >
      {empty.text}
    </EmptyState>
  )
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation(['ui', 'common'])
  // A record that is not there (deleted, or a wrong link) will not be there on a second try.
  const missing = error instanceof ApiRequestError && error.status === 404
  return (
    <div className="error-state" role="alert">
      <p className="empty-title">{missing ? t('states.notFound') : t('states.loadFailed')}</p>
      <p className="empty-text">{errorMessage(error)}</p>
      {retry && !missing && (
        <button type="button" className="button" onClick={retry}>
          {t('common:retry')}
        </button>
      )}
    </div>
  )
}

/** Shows `children` once every query has its data; until then loading, or the first error. */
export function WhenLoaded({
  queries,
  label,
  children,
}: {
  queries: UseQueryResult[]
  label: string
  children: ReactNode
}) {
  const failed = queries.find((query) => query.isError)
  if (failed) return <ErrorState error={failed.error} retry={() => void failed.refetch()} />
  if (queries.some((query) => !query.data)) return <Skeleton lines={8} label={label} />
  return children
}

/**
 * A list query's states: loading, its failure, and once it has data, `empty` when the list (or
 * the page's `total`) is empty, else `children` with the data. A failed refetch shows both the
 * error and the data it had.
 */
export function QueryView<T>({
  query,
  loading,
  lines = 3,
  empty,
  children,
}: {
  query: UseQueryResult<T>
  loading: string
  lines?: number
  /** A title for the empty state, or the whole of what to show. */
  empty: ReactNode
  children(data: T): ReactNode
}) {
  const data = query.data
  const isEmpty = Array.isArray(data)
    ? data.length === 0
    : (data as { total?: number })?.total === 0
  return (
    <>
      {query.isPending && <Skeleton lines={lines} label={loading} />}
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {data !== undefined &&
        (isEmpty ? (
          typeof empty === 'string' ? (
            <EmptyState title={empty} />
          ) : (
            empty
          )
        ) : (
          children(data)
        ))}
    </>
  )
}
