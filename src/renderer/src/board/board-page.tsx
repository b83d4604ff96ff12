import { useEffect, useLayoutEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../session/workspace'
import { Link, useNavigate, useNavigation, useParams } from 'react-router'
import { usePipelines } from '../api/reference-data'
import { DealFormDialog } from '../deals/deal-form-dialog'
import { NewRecordButton } from '../ui/new-record-button'
import { EmptyState, ErrorState } from '../ui/states'
import { BoardSkeleton } from './board-skeleton'
import { MoneyList } from '../ui/money-list'
import { BoardView } from './board-view'
import { useBoard } from './use-board'
import './board.css'

const lastPipelineKey = 'outpost.pipeline'

/** /board/:pipelineId: pick a pipeline, see its deals by stage, move them. */
export function BoardPage() {
  const { t } = useTranslation(['board', 'common'])
  const canWrite = useCan('records.write')
  const { pipelineId } = useParams()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const pipelines = usePipelines()
  const [creating, setCreating] = useState(false)
  const fallback =
    pipelines.data?.find((item) => item.id === localStorage.getItem(lastPipelineKey)) ??
    pipelines.data?.[0]
  const pipeline = pipelines.data?.find((item) => item.id === pipelineId)

  // /board names no pipeline: put the one shown in the address, unless the user is already on the
  // way elsewhere (a link clicked while the pipelines, or the screen it opens, still load), which
  // the replacing navigation would cancel. A layout effect, so no click lands in between.
  const leaving = navigation.state !== 'idle'
  useLayoutEffect(() => {
    if (pipelines.data && !pipeline && fallback && !leaving) {
      void navigate(`/board/${fallback.id}`, { replace: true })
    }
  }, [pipelines.data, pipeline, fallback, leaving, navigate])
  useEffect(() => {
    if (pipeline) localStorage.setItem(lastPipelineKey, pipeline.id)
  }, [pipeline])

  if (pipelines.isError) {
    return <ErrorState error={pipelines.error} retry={() => void pipelines.refetch()} />
  }
  if (pipelines.data?.length === 0) {
    return (
      <EmptyState
        title={t('page.noPipelines')}
        action={
          <Link className="button button-primary" to="/settings/pipelines">
            {t('page.createPipeline')}
          </Link>
        }
      >
        {t('page.pipelineExplained')}
      </EmptyState>
    )
  }

  return (
    <div className="board-page">
      <header className="page-header board-header">
        <div className="board-title">
          <h1>{t('page.heading')}</h1>
          <label className="visually-hidden" htmlFor="pipeline-picker">
            {t('common:pipeline')}
          </label>
          <select
            id="pipeline-picker"
            className="pipeline-picker"
            value={pipeline?.id ?? ''}
            disabled={!pipelines.data}
            onChange={(event) => void navigate(`/board/${event.target.value}`)}
          >
            {!pipeline && <option value="">{t('common:loading')}</option>}
            {pipelines.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        {canWrite && (
          <NewRecordButton
            label={t('page.newDeal')}
            onNew={() => setCreating(true)}
            disabled={!pipeline}
          />
        )}
      </header>
      {pipeline ? <PipelineBoard pipelineId={pipeline.id} /> : <BoardSkeleton />}
      {pipeline && (
        <DealFormDialog
          open={creating}
          onClose={() => setCreating(false)}
          defaults={{ pipelineId: pipeline.id }}
        />
      )}
    </div>
  )
}

function PipelineBoard({ pipelineId }: { pipelineId: string }) {
  const { t } = useTranslation('board')
  const board = useBoard(pipelineId)
  if (board.isError) return <ErrorState error={board.error} retry={() => void board.refetch()} />
  if (!board.data) return <BoardSkeleton />
  if (board.data.pipeline.stages.length === 0) {
    return (
      <EmptyState
        title={t('page.noStages')}
        action={
          <Link className="button" to="/settings/pipelines">
            {t('page.addStages')}
          </Link>
        }
      />
    )
  }
  const { summary } = board.data
  return (
    <>
      <p className="board-summary" aria-label={t('page.totals')}>
        <span>
          {t('page.open')}
          <strong>
            <MoneyList money={summary.open} />
          </strong>
        </span>
        <span>
          {t('page.weighted')}
          <strong>
            <MoneyList money={summary.weighted} />
          </strong>
        </span>
        <span>
          {t('page.wonThisMonth')}
          <strong>
            <MoneyList money={summary.wonThisMonth} />
          </strong>
        </span>
      </p>
      <BoardView board={board.data} />
    </>
  )
}
