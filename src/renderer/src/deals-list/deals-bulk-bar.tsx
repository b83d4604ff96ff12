import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { usePipelines, useUsers } from '../api/reference-data'
import { AssignSelect, BulkDelete, TagForm } from '../ui/bulk-controls'
import { useToast } from '../ui/toast'

/** What can be done to the selected deals at once: move, assign, tag, delete (all or none). */
export function DealsBulkBar({ ids, onDone }: { ids: string[]; onDone(): void }) {
  const { t } = useTranslation(['dealsList', 'common'])
  const queryClient = useQueryClient()
  const toast = useToast()
  const pipelines = usePipelines()
  const users = useUsers()
  const bulk = useMutation({
    mutationFn: deals.bulk,
    onSuccess: ({ done }) => {
      onDone()
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      toast(t('page.changed', { count: done }), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  if (ids.length === 0) return null
  return (
    <div className="bulk-bar" role="region" aria-label={t('page.bulkActions')}>
      <span>{t('page.selected', { count: ids.length })}</span>
      <label htmlFor="bulk-stage" className="visually-hidden">
        {t('page.moveToStage')}
      </label>
      <select
        id="bulk-stage"
        value=""
        onChange={(event) =>
          event.target.value && bulk.mutate({ action: 'move', ids, stageId: event.target.value })
        }
      >
        <option value="">{t('page.moveTo')}</option>
        {pipelines.data?.map((pipeline) => (
          <optgroup key={pipeline.id} label={pipeline.name}>
            {pipeline.stages
              .filter((stage) => stage.type !== 'lost')
              .map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <AssignSelect
        users={users.data}
        onAssign={(ownerId) => bulk.mutate({ action: 'assign', ids, ownerId })}
      />
      <TagForm onTag={(tag) => bulk.mutate({ action: 'tag', ids, tag })} />
      <BulkDelete
        what={t('page.deleteWhat', { count: ids.length })}
        kind={t('page.deleteKind')}
        message={t('page.deleteMessage')}
        busy={bulk.isPending}
        onConfirm={(close) => bulk.mutate({ action: 'delete', ids }, { onSettled: close })}
      />
    </div>
  )
}
