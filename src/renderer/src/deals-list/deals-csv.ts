import { protectCell } from '../../../shared/spreadsheet-cells'
import type { DealListItem } from '../api/types'
import { i18next } from '../i18n/i18n'

const columns = [
  ...['id', 'title', 'value', 'currency', 'pipeline', 'stage', 'owner', 'person', 'company'],
  ...['expectedCloseDate', 'tags', 'createdAt'],
] as const

/** The header row, in the interface's language: what a person reads in the spreadsheet. */
const header = () => columns.map((column) => cell(i18next.t(`dealsList:csv.${column}`))).join(',')

/** A cell as spreadsheets read it: formulas defused, quoted when it holds a comma or quote. */
function cell(value: string): string {
  const safe = protectCell(value)
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The deals of the current view as CSV, with stage, owner, person and company by name. */
export function dealsCsv(
  deals: DealListItem[],
  names: { stage(id: string): string; pipeline(id: string): string; user(id: string): string },
): string {
  const rows = deals.map((deal) =>
    [
      deal.id,
      deal.title,
      String(deal.value),
      deal.currency,
      names.pipeline(deal.pipelineId),
      names.stage(deal.stageId),
      deal.ownerId ? names.user(deal.ownerId) : '',
      deal.personName ?? '',
      deal.companyName ?? '',
      deal.expectedCloseDate ?? '',
      deal.tags.join(', '),
      deal.createdAt,
    ].map(cell),
  )
  return [header(), ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n'
}
