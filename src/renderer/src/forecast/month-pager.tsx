import { useTranslation } from 'react-i18next'
import { monthsAfter } from './months'

/** Earlier and later months of the forecast, and back to this month. */
export function MonthPager({
  first,
  count,
  current,
  onShow,
}: {
  first: string
  count: number
  /** The months start at this month: "This month" has nothing to do. */
  current: boolean
  /** Shows the months from `first`; null for this month's. */
  onShow(first: string | null): void
}) {
  const { t } = useTranslation('forecast')
  return (
    <nav className="inline-row forecast-pager" aria-label={t('pager')}>
      <button type="button" className="button" onClick={() => onShow(monthsAfter(first, -count))}>
        {t('earlierMonths')}
      </button>
      <button type="button" className="button" disabled={current} onClick={() => onShow(null)}>
        {t('thisMonth')}
      </button>
      <button type="button" className="button" onClick={() => onShow(monthsAfter(first, count))}>
        {t('laterMonths')}
      </button>
    </nav>
  )
}
