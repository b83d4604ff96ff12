import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useToast } from '../ui/toast'
import { clearDraft } from './draft'

/**
 * Saving a record from its draft-keeping form: on success the draft is cleared, the record's cache
 * set and what shows it refetched, a toast says so (with Open for a new record), and the form
 * closes; `onError` gets the failure to show under the fields.
 */
export function useRecordSave<Values, Saved extends { id: string }>(options: {
  draftKey: string
  save(values: Values): Promise<Saved>
  recordKey(id: string): QueryKey
  invalidates(saved: Saved): QueryKey[]
  message(saved: Saved): string
  /** Where a new record opens; an edited one has no Open. */
  openPath?: (saved: Saved) => string
  onError(error: Error): void
  onDone(): void
}) {
  const { t } = useTranslation('forms')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  return useMutation({
    mutationFn: options.save,
    onSuccess: (saved) => {
      clearDraft(options.draftKey)
      queryClient.setQueryData(options.recordKey(saved.id), saved)
      for (const queryKey of [...options.invalidates(saved), options.recordKey(saved.id)]) {
        void queryClient.invalidateQueries({ queryKey })
      }
      const open = options.openPath?.(saved)
      toast(options.message(saved), {
        tone: 'success',
        action: open ? { label: t('saved.open'), run: () => void navigate(open) } : undefined,
      })
      options.onDone()
    },
    onError: options.onError,
  })
}
