import type { ReactNode } from 'react'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { errorMessage } from '../api/client'
import { ConfirmDialog } from '../ui/dialog'
import { useToast } from '../ui/toast'

// The parts a record's page (a deal's, a person's) has alike.

/** Asks before a record is deleted for good; `what` names its kind (`deal`, `person`). */
export function DeleteRecordDialog(props: {
  what: string
  open: boolean
  busy: boolean
  message: ReactNode
  onConfirm(): void
  onClose(): void
}) {
  const { t } = useTranslation('layout')
  return (
    <ConfirmDialog
      {...props}
      title={t('deleteRecord.title', { what: props.what })}
      confirmLabel={t('deleteRecord.confirm', { what: props.what })}
      danger
    />
  )
}

/**
 * Deleting the record a page shows: `remove` deletes it; then what listed it is refetched, a toast
 * says so and the page leaves for `leaveTo`. A failure is a toast too.
 */
export function useRecordDelete(options: {
  remove(): Promise<unknown>
  invalidates: QueryKey[]
  message(): string
  leaveTo(): string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  return useMutation({
    mutationFn: options.remove,
    onSuccess: () => {
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey })
      toast(options.message(), { tone: 'success' })
      void navigate(options.leaveTo())
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}
