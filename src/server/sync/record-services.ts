// Each synced table's service, as sync reads and writes it (records/record-service.ts says what
// each gives; records/<table>.ts, how).
import { activities } from './records/activities'
import { companies } from './records/companies'
import { deals } from './records/deals'
import { notes } from './records/notes'
import { people } from './records/people'
import type { RecordService } from './records/record-service'
import { savedViews } from './records/saved-views'
import type { SyncedTable } from './synced-records'

export const recordServices: Record<SyncedTable, RecordService> = {
  companies,
  people,
  deals,
  notes,
  activities,
  savedViews,
}
