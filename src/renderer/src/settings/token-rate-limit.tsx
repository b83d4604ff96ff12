import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { InlineForm } from '../ui/inline-form'
import { useSettingsMutation } from './use-settings-mutation'

/** How many requests a minute each token of the workspace may make before it gets 429. */
export function TokenRateLimit() {
  const current = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  const saved = current.data?.rateLimitPerMinute
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? (saved === undefined ? '' : String(saved))
  const limit = Number(text)
  const valid = /^\d+$/.test(text.trim()) && limit >= 1 && limit <= 100_000
  const save = useSettingsMutation(
    (rateLimitPerMinute: number) => workspace.update({ rateLimitPerMinute }),
    {
      invalidates: [keys.workspace],
      done: (after) => `Each token: ${after.rateLimitPerMinute} a minute`,
    },
  )
  return (
    <InlineForm
      title="Requests per minute, per token"
      text={{ id: 'token-rate-limit', value: text, onValue: setTyped }}
      onSubmit={() => save.mutate(limit, { onSuccess: () => setTyped(null) })}
      submit={{ label: 'Save', disabled: save.isPending || !valid || limit === saved }}
    />
  )
}
