import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../api/client'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import type { Deal, Pipeline } from '../api/types'
import { LostReasonDialog, type PendingLoss } from '../board/lost-reason-dialog'
import { useToast } from '../ui/toast'

/**
 * Won and Lost on an open deal's page: the deal enters its pipeline's first won or lost stage
 * (a lost one asks why), without finding those columns on the board.
 */
export function CloseDealButtons({ deal, pipeline }: { deal: Deal; pipeline: Pipeline }) {
  const { t } = useTranslation('deals')
  const queryClient = useQueryClient()
  const toast = useToast()
  const [pendingLoss, setPendingLoss] = useState<PendingLoss | null>(null)
  const won = pipeline.stages.find((stage) => stage.type === 'won')
  const lost = pipeline.stages.find((stage) => stage.type === 'lost')
  const close = useMutation({
    mutationFn: (change: { stageId: string; lostReasonId?: string }) =>
      deals.update(deal.id, change),
    onSuccess: (updated) => {
      queryClient.setQueryData(keys.deal(deal.id), updated)
      void queryClient.invalidateQueries({ queryKey: keys.boards })
      void queryClient.invalidateQueries({ queryKey: keys.dealTimeline(deal.id) })
      toast(
        t(updated.lostReasonId ? 'close.closedLost' : 'close.closedWon', { title: updated.title }),
        { tone: 'success' },
      )
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  return (
    <>
      {won && (
        <button
          type="button"
          className="button button-won"
          disabled={close.isPending}
          onClick={() => close.mutate({ stageId: won.id })}
        >
          {t('close.won')}
        </button>
      )}
      {lost && (
        <button
          type="button"
          className="button button-lost"
          disabled={close.isPending}
          onClick={() =>
            setPendingLoss({
              dealId: deal.id,
              dealTitle: deal.title,
              stageId: lost.id,
              stageName: lost.name,
            })
          }
        >
          {t('close.lost')}
        </button>
      )}
      <LostReasonDialog
        pending={pendingLoss}
        onCancel={() => setPendingLoss(null)}
        onConfirm={(lostReasonId) => {
          if (pendingLoss) close.mutate({ stageId: pendingLoss.stageId, lostReasonId })
          setPendingLoss(null)
        }}
      />
    </>
  )
}
