import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { userLocale } from '../format/locale'
import { useHotkeys } from '../ui/hotkeys'
import { pageSizes } from './use-people-query'

const count = new Intl.NumberFormat(userLocale)

/** The spec's pagination: page, page size (at most 100) and the total, with a page to jump to. */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onChange,
}: {
  page: number
  pageSize: number
  total: number
  /** More matches than `total` exist (a one- or two-letter search): "of 10,000+". */
  totalCapped?: boolean
  onChange(changes: { page?: number; pageSize?: number }): void
}) {
  const { t } = useTranslation('people')
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const [typed, setTyped] = useState<string | null>(null)
  const go = (target: number) => onChange({ page: Math.min(pages, Math.max(1, target)) })
  useHotkeys({
    '[': () => page > 1 && go(page - 1),
    ']': () => page < pages && go(page + 1),
  })

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <p className="pagination-range" aria-live="polite">
        {t('pagination.range', {
          first: count.format(first),
          last: count.format(last),
          total: count.format(total),
        })}
        {totalCapped && '+'}
      </p>
      <label className="pagination-size">
        {t('pagination.perPage')}
        <select
          value={pageSize}
          onChange={(event) => onChange({ page: 1, pageSize: Number(event.target.value) })}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={page <= 1} onClick={() => go(1)}>
        {t('pagination.first')}
      </button>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        aria-keyshortcuts="["
      >
        {t('pagination.previous')}
      </button>
      <form
        className="pagination-page"
        onSubmit={(event) => {
          event.preventDefault()
          if (typed !== null) go(Number(typed) || 1)
          setTyped(null)
        }}
      >
        <label htmlFor="page-number">{t('pagination.page')}</label>
        <input
          id="page-number"
          type="number"
          min={1}
          max={pages}
          value={typed ?? page}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setTyped(null)}
        />
        <span>{t('pagination.ofPages', { pages: count.format(pages) })}</span>
      </form>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => go(page + 1)}
        aria-keyshortcuts="]"
      >
        {t('pagination.next')}
      </button>
      <button type="button" className="button" disabled={page >= pages} onClick={() => go(pages)}>
        {t('pagination.last')}
      </button>
    </nav>
  )
}
