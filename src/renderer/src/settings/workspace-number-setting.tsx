import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { workspace } from '../api/endpoints'
import { keys } from '../api/keys'
import { InlineForm } from '../ui/inline-form'
import { useSettingsMutation } from './use-settings-mutation'

/** The workspace's settings that are one whole number in a range. */
const settings = {
  rateLimitPerMinute: {
    title: 'numberSetting.rateLimitPerMinute.title',
    id: 'token-rate-limit',
    max: 100_000,
    saved: 'numberSetting.rateLimitPerMinute.saved',
  },
  eventRetentionDays: {
    title: 'numberSetting.eventRetentionDays.title',
    id: 'event-retention-days',
    max: 3650,
    saved: 'numberSetting.eventRetentionDays.saved',
  },
} as const

/** One whole-number setting of the workspace, with its own Save. */
export function WorkspaceNumberSetting({ field }: { field: keyof typeof settings }) {
  const { t } = useTranslation(['settings', 'common'])
  const { title, id, max, saved: done } = settings[field]
  const current = useQuery({ queryKey: keys.workspace, queryFn: workspace.get })
  const saved = current.data?.[field]
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? (saved === undefined ? '' : String(saved))
  const value = Number(text)
  const valid = /^\d+$/.test(text.trim()) && value >= 1 && value <= max
  const save = useSettingsMutation((next: number) => workspace.update({ [field]: next }), {
    invalidates: [keys.workspace],
    done: (after) => t(done, { value: after[field] }),
  })
  return (
    <InlineForm
      title={t(title)}
      text={{ id, value: text, onValue: setTyped, numeric: true }}
      onSubmit={() => save.mutate(value, { onSuccess: () => setTyped(null) })}
      submit={{ label: t('common:save'), disabled: save.isPending || !valid || value === saved }}
    />
  )
}
