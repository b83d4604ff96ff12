import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { activities, notes } from '../api/endpoints'
import { errorMessage } from '../api/client'
import { keys } from '../api/keys'
import type { Activity, Note } from '../api/types'
import { useToast } from '../ui/toast'
import {
  toChanges,
  toNewActivity,
  type ActivityFormValues,
  type ActivityLinks,
} from './activity-form-values'

/**
 * Saves the activity form: creates one on `links`, or changes `activity` (only what was changed).
 * Every activity list refetches and a toast says so; `onError` shows the failure on the form.
 */
export function useSaveActivity(options: {
  activity?: Activity
  links: ActivityLinks
  onSaved(saved: Activity): void
  onError(error: Error): void
}) {
  const { t } = useTranslation('work')
  const toast = useToast()
  const queryClient = useQueryClient()
  const { activity } = options
  return useMutation({
    mutationFn: (values: ActivityFormValues) =>
      activity
        ? activities.update(activity.id, toChanges(values, activity))
        : activities.create(toNewActivity(values, options.links)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      const message = activity ? 'form.saved' : saved.done ? 'form.logged' : 'form.scheduled'
      toast(t(message, { subject: saved.subject }), { tone: 'success' })
      options.onSaved(saved)
    },
    onError: options.onError,
  })
}

/** Deletes an activity or a note (asked first, where it is listed); every list refetches. */
export function useRemoveWork(kind: 'activity' | 'note') {
  const { t } = useTranslation('work')
  const toast = useToast()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => (kind === 'activity' ? activities.remove(id) : notes.remove(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      toast(t(kind === 'activity' ? 'item.deleted' : 'note.deleted'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}

type NoteChanges = Parameters<typeof notes.update>[1]
/** The record a new note is written on. */
export type NoteLinks = { personId?: string; dealId?: string; companyId?: string }

/** Writes a note on `links`, or changes `note` (its body, date, pin); `onSaved` after. */
export function useSaveNote(options: { note?: Note; links?: NoteLinks; onSaved?: () => void }) {
  const { t } = useTranslation('work')
  const toast = useToast()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NoteChanges) =>
      options.note
        ? notes.update(options.note.id, input)
        : notes.create({ ...options.links, ...input, body: input.body ?? '' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      toast(t('note.saved'), { tone: 'success' })
      options.onSaved?.()
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}

/** Pins a note to the head of its record's card, or unpins it. */
export function usePinNote() {
  const { t } = useTranslation('work')
  const toast = useToast()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (note: Note) => notes.update(note.id, { pinned: !note.pinned }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: keys.work })
      toast(t(saved.pinned ? 'note.pinnedDone' : 'note.unpinnedDone'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}
