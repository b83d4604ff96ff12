import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { stageProbability } from '../../../shared/stage-probability'
import { errorMessage } from '../api/client'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import type { Stage } from '../api/types'
import { useToast } from '../ui/toast'

/**
 * The deal's chance of winning in the forecast: its stage's, or its own when set here (empty
 * gives it back to the stage).
 */
export function ProbabilityField({ dealId, stage }: { dealId: string; stage: Stage | undefined }) {
  const { t } = useTranslation(['deals', 'common'])
  const queryClient = useQueryClient()
  const toast = useToast()
  const key = [...keys.deal(dealId), 'probability']
  const own = useQuery({ queryKey: key, queryFn: () => deals.probability(dealId) })
  const [draft, setDraft] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (value: number | null) => deals.setProbability(dealId, value),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer)
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      setDraft(null)
      toast(t('probability.saved'), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const stagePercent = stage ? stageProbability(stage) : 0
  const value = draft ?? (own.data?.probability == null ? '' : String(own.data.probability))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(value.trim() === '' ? null : Number(value))
  }
  return (
    <form className="probability-field" onSubmit={submit}>
      <label htmlFor="deal-probability">{t('probability.label')}</label>
      <input
        id="deal-probability"
        type="number"
        min={0}
        max={100}
        placeholder={t('probability.placeholder', { percent: stagePercent })}
        value={value}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="button" disabled={draft === null || save.isPending}>
        {t('common:save')}
      </button>
    </form>
  )
}
