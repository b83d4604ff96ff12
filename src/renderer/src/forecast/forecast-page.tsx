import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { useNavigate, useParams } from 'react-router'
import { useAddressQuery } from '../layout/address-query'
import { errorMessage } from '../api/client'
import { deals, pipelines } from '../api/endpoints'
import { keys } from '../api/keys'
import { usePipelines } from '../api/reference-data'
import type { BoardCard, ForecastMonth } from '../api/types'
import { MoneyList } from '../ui/money-list'
import { columnKeyboardCoordinates, pointerOrCardCollision } from '../board/keyboard-coordinates'
import { formatMoney } from '../format/money'
import { formatDate } from '../format/dates'
import { EmptyState, ErrorState, Skeleton } from '../ui/states'
import { useToast } from '../ui/toast'
import { MonthPager } from './month-pager'
import { expectedCloseIn, monthTitle } from './months'
import { dragWords } from '../ui/drag-words'
import '../board/board.css'
import './forecast.css'

/** A deal's expected close in the user's locale, as the board and the lists show it. */
const closeDate = (date: string | null) => (date ? formatDate(date) : null)

/** /forecast/:pipelineId: open deals by expected close month; drag one to another month. */
export function ForecastPage() {
  const { t } = useTranslation(['forecast', 'common'])
  const { pipelineId } = useParams()
  const navigate = useNavigate()
  const list = usePipelines()
  const pipeline = list.data?.find((item) => item.id === pipelineId) ?? list.data?.[0]
  if (list.isError) return <ErrorState error={list.error} retry={() => void list.refetch()} />
  if (list.data?.length === 0) return <EmptyState title={t('noPipelines')} />
  return (
    <div className="board-page">
      <header className="page-header board-header">
        <div className="board-title">
          <h1>{t('heading')}</h1>
          <label htmlFor="forecast-pipeline" className="visually-hidden">
            {t('common:pipeline')}
          </label>
          <select
            id="forecast-pipeline"
            className="pipeline-picker"
            value={pipeline?.id ?? ''}
            onChange={(event) => void navigate(`/forecast/${event.target.value}`)}
          >
            {list.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      </header>
      {pipeline ? <ForecastBoard pipelineId={pipeline.id} /> : <Skeleton lines={6} />}
    </div>
  )
}

function ForecastBoard({ pipelineId }: { pipelineId: string }) {
  const { t } = useTranslation('forecast')
  const canWrite = useCan('records.write')
  const queryClient = useQueryClient()
  const toast = useToast()
  // The first month shown, kept in the address (?from=2027-01); this month without it.
  const [search, changeSearch] = useAddressQuery()
  const from = search.get('from') ?? undefined
  const forecast = useQuery({
    queryKey: keys.forecast(pipelineId, from),
    queryFn: () => pipelines.forecast(pipelineId, from),
    placeholderData: keepPreviousData,
  })
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  )
  const move = useMutation({
    mutationFn: ({ card, month }: { card: BoardCard; month: string }) =>
      deals.update(card.id, { expectedCloseDate: expectedCloseIn(card.expectedCloseDate, month) }),
    onSuccess: (deal) => {
      toast(t('moved', { title: deal.title, date: closeDate(deal.expectedCloseDate) }), {
        tone: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      void queryClient.invalidateQueries({ queryKey: keys.deal(deal.id) })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  if (forecast.isError) {
    return <ErrorState error={forecast.error} retry={() => void forecast.refetch()} />
  }
  if (!forecast.data) return <Skeleton lines={6} label={t('loading')} />
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = (active.data.current as { card: BoardCard }).card
    const month = over ? String(over.id) : null
    if (!month || card.expectedCloseDate?.slice(0, 7) === month) return
    move.mutate({ card, month })
  }
  const { earlier, months, later, noDate } = forecast.data
  const dealTitles = new Map(
    [earlier, ...months, later, noDate].flatMap((month) =>
      month.deals.map((deal) => [deal.id, deal.title] as const),
    ),
  )
  const show = (first: string | null) =>
    changeSearch((params) => {
      if (first) params.set('from', first)
      else params.delete('from')
    })
  return (
    <>
      <div className="forecast-bar">
        <MonthPager
          first={months[0]!.month!}
          count={months.length}
          current={from === undefined}
          onShow={show}
        />
        <p className="forecast-hint">
          {t('hint')} {canWrite && t('hintDrag')}
        </p>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerOrCardCollision}
        onDragEnd={onDragEnd}
        accessibility={dragWords(
          (id) => dealTitles.get(String(id)) ?? '',
          (id) => monthTitle(String(id)),
        )}
      >
        <div className="board-columns">
          {earlier.openCount > 0 && <MonthColumn month={earlier} title={t('earlier')} />}
          {months.map((month) => (
            <MonthColumn key={month.month} month={month} title={monthTitle(month.month!)} />
          ))}
          {later.openCount > 0 && <MonthColumn month={later} title={t('later')} />}
          <MonthColumn month={noDate} title={t('noCloseDate')} />
        </div>
      </DndContext>
    </>
  )
}

function MonthColumn({ month, title }: { month: ForecastMonth; title: string }) {
  const { t } = useTranslation('forecast')
  const headingId = useId()
  // Deals without a date are shown, not dropped on: a close date cannot be removed by dragging.
  const { setNodeRef, isOver } = useDroppable({ id: month.month ?? 'none', disabled: !month.month })
  const open = month.deals.filter((deal) => deal.closedAt === null)
  return (
    <section
      ref={setNodeRef}
      className={`board-column forecast-month${isOver ? ' is-over' : ''}`}
      aria-labelledby={headingId}
    >
      <header className="column-header forecast-header">
        <div className="column-title">
          <h2 id={headingId}>{title}</h2>
          <span className="column-count" aria-label={t('openCount', { count: month.openCount })}>
            {month.openCount}
          </span>
        </div>
        <dl className="forecast-figures">
          <dt>{t('open')}</dt>
          <dd>
            <MoneyList money={month.open} />
          </dd>
          <dt>{t('weighted')}</dt>
          <dd>
            <MoneyList money={month.weighted} />
          </dd>
          {month.month && (
            <>
              <dt>{t('won')}</dt>
              <dd>
                <MoneyList money={month.won} /> ({month.wonCount})
              </dd>
            </>
          )}
        </dl>
      </header>
      <ul className="column-scroll forecast-cards" aria-labelledby={headingId}>
        {open.map((card) => (
          <ForecastCard key={card.id} card={card} />
        ))}
      </ul>
    </section>
  )
}

/** A deal in its month: click or Enter opens it; drag it (or Space, arrows, Space) to move it. */
function ForecastCard({ card }: { card: BoardCard }) {
  const { t } = useTranslation('forecast')
  const navigate = useNavigate()
  const open = () => void navigate(`/deals/${card.id}`)
  const canWrite = useCan('records.write')
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    disabled: !canWrite,
    data: { card, stageId: card.expectedCloseDate?.slice(0, 7) ?? 'none' },
  })
  return (
    <li>
      <div
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        onClick={open}
        onKeyDown={(event) => {
          listeners?.onKeyDown?.(event)
          if (event.key === 'Enter' && !event.defaultPrevented) open()
        }}
        className={isDragging ? 'deal-card is-dragging' : 'deal-card'}
        aria-label={`${card.title}, ${formatMoney(card.value, card.currency)}, ${card.probability}%`}
      >
        <p className="deal-title">{card.title}</p>
        <p className="deal-value">
          {formatMoney(card.value, card.currency)} · {card.probability}%
        </p>
        <p className="deal-linked">{closeDate(card.expectedCloseDate) ?? t('noDate')}</p>
      </div>
    </li>
  )
}
