import { useQuery } from '@tanstack/react-query'
import { useCan } from '../session/workspace'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { stagesById, usePipelines } from '../api/reference-data'
import { formatMoney } from '../format/money'
import { DeleteRecordDialog, useRecordDelete } from '../layout/record-page-parts'
import { RecordWorkCard } from '../work/record-work-card'
import { CustomFieldsCard } from '../layout/custom-fields-card'
import { RecordActions } from '../ui/record-actions'
import { ErrorState, Skeleton } from '../ui/states'
import { CloseDealButtons } from './close-deal-buttons'
import { DealFacts } from './deal-facts'
import { DealFormDialog } from './deal-form-dialog'
import '../layout/detail.css'

/** /deals/:id: a deal, what it links to, and its history of stage changes and events. */
export function DealDetailPage() {
  const { t } = useTranslation('deals')
  const canWrite = useCan('records.write')
  const { id = '' } = useParams()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const deal = useQuery({ queryKey: keys.deal(id), queryFn: () => deals.get(id) })
  const timeline = useQuery({ queryKey: keys.dealTimeline(id), queryFn: () => deals.timeline(id) })
  const pipelines = usePipelines()
  const remove = useRecordDelete({
    remove: () => deals.remove(id),
    invalidates: [keys.boards],
    message: () => t('detail.deleted', { title: deal.data?.title }),
    leaveTo: () => (deal.data ? `/board/${deal.data.pipelineId}` : '/board'),
  })

  if (deal.isError) return <ErrorState error={deal.error} retry={() => void deal.refetch()} />
  if (!deal.data) return <Skeleton lines={8} label={t('detail.loading')} />
  const current = deal.data
  const pipeline = pipelines.data?.find((item) => item.id === current.pipelineId)
  const stages = stagesById(pipelines.data)
  const stage = stages.get(current.stageId)

  return (
    <article className="detail">
      <nav aria-label={t('detail.breadcrumb')} className="breadcrumb">
        <Link to={`/board/${current.pipelineId}`}>{pipeline?.name ?? t('detail.board')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{stage?.name ?? t('detail.deal')}</span>
      </nav>
      <header className="detail-header">
        <div>
          <h1>{current.title}</h1>
          <p className="detail-subtitle">
            <span className="detail-value">{formatMoney(current.value, current.currency)}</span>
            {stage && (
              <span className={`stage-badge badge-${stage.type}`}>
                {stage.type === 'open'
                  ? stage.name
                  : t(stage.type === 'won' ? 'detail.won' : 'detail.lost')}
              </span>
            )}
          </p>
        </div>
        <div className="page-actions">
          {canWrite && pipeline && stage?.type === 'open' && (
            <CloseDealButtons deal={current} pipeline={pipeline} />
          )}
          {canWrite && (
            <RecordActions onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
          )}
        </div>
      </header>
      <div className="detail-columns">
        <div className="detail-stack">
          <DealFacts deal={current} pipeline={pipeline} stage={stage} />
          <CustomFieldsCard
            record={current}
            patch={deals.patchCustomFields}
            queryKey={keys.deal(current.id)}
          />
        </div>
        <RecordWorkCard
          record={{ kind: 'deal', id }}
          newWork={{
            personIds: current.primaryPersonId ? [current.primaryPersonId] : undefined,
            assigneeId: current.ownerId ?? undefined,
          }}
          events={timeline}
        />
      </div>
      <DealFormDialog open={editing} onClose={() => setEditing(false)} deal={current} />
      <DeleteRecordDialog
        what={t('detail.what')}
        open={deleting}
        message={
          <Trans
            t={t}
            i18nKey="detail.deleteMessage"
            values={{ title: current.title }}
            components={{ strong: <strong /> }}
          />
        }
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </article>
  )
}
