import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { people } from '../api/endpoints'
import { keys } from '../api/keys'
import { useUsers } from '../api/reference-data'
import { AssignSelect, BulkDelete, TagForm } from '../ui/bulk-controls'
import { useToast } from '../ui/toast'

/** What can be done to the selected people at once: assign, tag, delete (all or none). */
export function PeopleBulkBar({ ids, onDone }: { ids: string[]; onDone(): void }) {
  const { t } = useTranslation(['people', 'common'])
  const queryClient = useQueryClient()
  const toast = useToast()
  const users = useUsers()
  const bulk = useMutation({
    mutationFn: people.bulk,
    onSuccess: ({ done }) => {
      onDone()
      void queryClient.invalidateQueries({ queryKey: keys.people })
      toast(t('bulk.changed', { count: done }), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  if (ids.length === 0) return null
  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.label')}>
      <span>{t('bulk.selected', { count: ids.length })}</span>
      <AssignSelect
        users={users.data}
        onAssign={(ownerId) => bulk.mutate({ action: 'assign', ids, ownerId })}
      />
      <TagForm onTag={(tag) => bulk.mutate({ action: 'tag', ids, tag })} />
      <BulkDelete
        what={t('bulk.what', { count: ids.length })}
        kind={t('bulk.kind')}
        message={t('bulk.deleteMessage')}
        busy={bulk.isPending}
        onConfirm={(close) => bulk.mutate({ action: 'delete', ids }, { onSettled: close })}
      />
    </div>
  )
}
