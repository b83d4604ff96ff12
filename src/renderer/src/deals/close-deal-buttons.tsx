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
  const show = (updated: Deal) => {
    queryClient.setQueryData(keys.deal(deal.id), updated)
    void queryClient.invalidateQueries({ queryKey: keys.boards })
    void queryClient.invalidateQueries({ queryKey: keys.dealTimeline(deal.id) })
  }
  // A click on Won or Lost by mistake is undone from its message: the deal goes back to the
  // stage it was in, its lost reason cleared by the stage rules.
  const reopen = useMutation({
    mutationFn: (stageId: string) => deals.update(deal.id, { stageId }),
    onSuccess: (updated) => {
      show(updated)
      toast(t('close.reopened', { title: updated.title }), { tone: 'success' })
    },
    onError: (error) => toast(errorMessage(error), { tone: 'error' }),
  })
  const close = useMutation({
    mutationFn: ({
      from: _from,
      ...change
    }: {
      stageId: string
      lostReasonId?: string
      from: string
    }) => deals.update(deal.id, change),
    onSuccess: (updated, { from }) => {
      show(updated)
      toast(
        t(updated.lostReasonId ? 'close.closedLost' : 'close.closedWon', { title: updated.title }),
        { tone: 'success', action: { label: t('close.undo'), run: () => reopen.mutate(from) } },
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
          onClick={() => close.mutate({ stageId: won.id, from: deal.stageId })}
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
          if (pendingLoss) {
            close.mutate({ stageId: pendingLoss.stageId, lostReasonId, from: deal.stageId })
          }
          setPendingLoss(null)
        }}
      />
    </>
  )
}
