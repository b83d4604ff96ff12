import { countDealsUsing } from '../deals/usage'
import { ApiError } from '../http/errors'
import { namedRecordService } from '../named-records/service'
import { refuseReplicaSettings } from '../sync/workspace-settings'
import type { LostReason } from './schema'

const lostReasons = namedRecordService<LostReason>({
  table: 'lostReasons',
  noun: 'Lost reason',
  beforeWrite: refuseReplicaSettings,
  // A lost deal must keep the reason it was lost for: only a reason no deal gives is deleted.
  async beforeDelete(trx, tenantId, id) {
    const inUse = await countDealsUsing(trx, tenantId, 'lostReasonId', id)
    if (inUse > 0) {
      throw new ApiError(
        'in_use',
        `${inUse} deal(s) were lost for this reason; it cannot be deleted`,
        { dealCount: inUse, resource: 'lostReason' },
      )
    }
  },
})

export const {
  create: createLostReason,
  get: getLostReason,
  list: listLostReasons,
  all: allLostReasons,
  update: updateLostReason,
  remove: deleteLostReason,
} = lostReasons
