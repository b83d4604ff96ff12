import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { activities, notes } from '../api/endpoints'
import { keys } from '../api/keys'
import type { Activity } from '../api/types'
import { errorMessage } from '../api/client'
import { useToast } from '../ui/toast'

/** What a record's work is linked by: a person, a deal or a company. */
export interface RecordRef {
  kind: 'person' | 'deal' | 'company'
  id: string
}

const filterOf = ({ kind, id }: RecordRef) =>
  kind === 'person' ? { personId: id } : kind === 'deal' ? { dealId: id } : { companyId: id }

/** The activities (soonest due first) and notes of one record. */
export function useRecordWork(record: RecordRef) {
  const filter = filterOf(record)
  const activityList = useQuery({
    queryKey: [...keys.recordWork(record.kind, record.id), 'activities'],
    queryFn: () => activities.list({ ...filter, sort: 'dueAt', pageSize: 100 }),
  })
  const noteList = useQuery({
    queryKey: [...keys.recordWork(record.kind, record.id), 'notes'],
    queryFn: () => notes.list({ ...filter, pageSize: 100 }),
  })
  return { activityList, noteList }
}

export const useActivityTypes = () =>
  useQuery({ queryKey: keys.activityTypes, queryFn: activities.types, staleTime: 60_000 })

/**
 * Marks an activity done (or open again); after done, `onDone` can offer to schedule the next,
 * as Pipedrive does.
 */
export function useToggleDone(onDone?: (activity: Activity) => void) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const { t } = useTranslation('work')
  return useMutation({
    mutationFn: ({ activity, done }: { activity: Activity; done: boolean }) =>
      activities.update(activity.id, { done }),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      if (!updated.done) return
      toast(t('toggle.done', { subject: updated.subject }), {
        tone: 'success',
        action: onDone
          ? { label: t('toggle.scheduleNext'), run: () => onDone(updated) }
          : undefined,
      })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}
