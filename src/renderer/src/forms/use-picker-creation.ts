import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { errorMessage } from '../api/client'
import type { PickerCreation } from '../ui/record-picker'
import { useToast } from '../ui/toast'

/**
 * What a form's picker needs to add a record of the name typed: `add` makes it and answers it;
 * the lists under `lists` refresh, and a toast says it was added (or why it could not be).
 */
export function usePickerCreation(options: {
  label(name: string): string
  add(name: string): Promise<{ id: string }>
  added(name: string): string
  lists: QueryKey
}): PickerCreation {
  const queryClient = useQueryClient()
  const toast = useToast()
  return {
    label: options.label,
    make: async (name) => {
      try {
        const record = await options.add(name)
        void queryClient.invalidateQueries({ queryKey: options.lists })
        toast(options.added(name), { tone: 'success' })
        return record.id
      } catch (error) {
        toast(errorMessage(error), { tone: 'error' })
        return null
      }
    },
  }
}
