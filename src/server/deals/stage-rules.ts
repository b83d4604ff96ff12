import type { StageType } from '../db/database'
import { ApiError } from '../http/errors'

export interface CloseState {
  closedAt: string | null
  lostReasonId: string | null
}

/**
 * The closing fields of a deal entering a stage of type `to` from one of type `from` (null on
 * creation). A `lost` stage needs a lost reason, sent now or kept from an earlier lost stage; any
 * other stage has none. `closedAt` is set on entering won or lost, kept while the deal stays in
 * that type, and cleared when it reopens.
 */
export function closeStateFor(
  from: StageType | null,
  to: StageType,
  current: CloseState,
  requestedLostReasonId: string | null | undefined,
  now: Date,
): CloseState {
  let lostReasonId: string | null
  if (to === 'lost') {
    lostReasonId =
      requestedLostReasonId === undefined && from === 'lost'
        ? current.lostReasonId
        : (requestedLostReasonId ?? null)
    if (!lostReasonId) {
      throw new ApiError('lost_reason_required', 'A deal in a lost stage needs a lostReasonId', {
        field: 'lostReasonId',
      })
    }
  } else {
    if (requestedLostReasonId) {
      throw new ApiError(
        'lost_reason_not_applicable',
        'lostReasonId can only be set on a deal in a lost stage',
        { field: 'lostReasonId' },
      )
    }
    lostReasonId = null
  }
  const closedAt = to === 'open' ? null : from === to ? current.closedAt : now.toISOString()
  return { closedAt, lostReasonId }
}
