import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { errorMessage } from '../api/client'
import { useToast } from '../ui/toast'

/**
 * A settings change: on success the lists it touches refetch and `done` says so; on failure the
 * server's reason is shown and nothing else changes.
 */
export function useSettingsMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  options: { invalidates: QueryKey[]; done?: string | ((result: TResult) => string) },
) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey })
      const message = typeof options.done === 'function' ? options.done(result) : options.done
      if (message) toast(message, { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
}
