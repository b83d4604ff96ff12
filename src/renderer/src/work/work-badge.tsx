import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { activities } from '../api/endpoints'
import { keys } from '../api/keys'
import '../work/work.css'

// The date changes under an open window; the badge follows within a few minutes.
const refreshMs = 5 * 60_000

/** Overdue plus today's activities, beside My work in the navigation. */
export function WorkBadge() {
  const { t } = useTranslation('work')
  const work = useQuery({
    queryKey: keys.myWork,
    queryFn: activities.myWork,
    refetchInterval: refreshMs,
  })
  const count = work.data?.badge ?? 0
  if (count === 0) return null
  return (
    <span className="nav-badge" aria-label={t('badge', { count })}>
      {count}
    </span>
  )
}
