import { useTranslation } from 'react-i18next'
import { Skeleton } from '../ui/states'

/** Columns of placeholder cards, the board's own size, while it loads. */
export function BoardSkeleton() {
  const { t } = useTranslation('board')
  return (
    <div className="board-columns" aria-busy="true">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="board-column skeleton-column">
          <Skeleton lines={index % 2 === 0 ? 6 : 4} label={t('skeleton')} />
        </div>
      ))}
    </div>
  )
}
