import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Board } from '../api/types'
import { errorMessage } from '../api/client'
import { deals } from '../api/endpoints'
import { keys } from '../api/keys'
import { useToast } from '../ui/toast'
import { findCard, moveCard } from './board-move'

export const moveDealKey = ['move-deal'] as const

interface Move {
  dealId: string
  toStageId: string
  lostReasonId?: string
}

/**
 * Moves a deal to another stage of its pipeline. The board shows the move at once; if the server
 * refuses it, the card goes back where it was and a message says why.
 */
export function useMoveDeal(pipelineId: string) {
  const { t } = useTranslation('board')
  const queryClient = useQueryClient()
  const toast = useToast()
  const boardKey = keys.board(pipelineId)

  return useMutation({
    mutationKey: moveDealKey,
    mutationFn: ({ dealId, toStageId, lostReasonId }: Move) =>
      deals.update(dealId, { stageId: toStageId, ...(lostReasonId ? { lostReasonId } : {}) }),
    onMutate: async ({ dealId, toStageId, lostReasonId }) => {
      await queryClient.cancelQueries({ queryKey: boardKey })
      const before = queryClient.getQueryData<Board>(boardKey)
      if (before) {
        queryClient.setQueryData<Board>(
          boardKey,
          moveCard(before, dealId, toStageId, { lostReasonId: lostReasonId ?? null }),
        )
      }
      return { before }
    },
    onError: (error, { dealId, toStageId }, context) => {
      if (context?.before) queryClient.setQueryData(boardKey, context.before)
      const title = context?.before ? findCard(context.before, dealId)?.title : undefined
      const stage = context?.before?.pipeline.stages.find((item) => item.id === toStageId)?.name
      toast(
        t('move.failed', {
          title: title ?? t('move.theDeal'),
          stage: stage ?? t('move.thatStage'),
          error: errorMessage(error),
        }),
        { tone: 'error' },
      )
    },
    onSuccess: (deal) => {
      queryClient.setQueryData(keys.deal(deal.id), deal)
    },
    onSettled: (_deal, _error, { dealId }) => {
      void queryClient.invalidateQueries({ queryKey: boardKey })
      void queryClient.invalidateQueries({ queryKey: keys.dealTimeline(dealId) })
    },
  })
}
