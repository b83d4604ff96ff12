import { protectCell } from '../../../shared/spreadsheet-cells'
import type { DealListItem } from '../api/types'
import { i18next } from '../i18n/i18n'

const columns = [
  ...['id', 'title', 'value', 'currency', 'pipeline', 'stage', 'owner', 'person', 'company'],
  ...['expectedCloseDate', 'tags', 'createdAt'],
] as const

interface Names {
  stage(id: string): string
  pipeline(id: string): string
  user(id: string): string
}

/** The header row, in the interface's language: what a person reads in the spreadsheet. */
const header = () => columns.map((column) => i18next.t(`dealsList:csv.${column}`))

/** One deal's values, stage, owner, person and company by name; the value a number. */
function values(deal: DealListItem, names: Names): (string | number)[] {
  return [
    deal.id,
    deal.title,
    deal.value,
    deal.currency,
    names.pipeline(deal.pipelineId),
    names.stage(deal.stageId),
    deal.ownerId ? names.user(deal.ownerId) : '',
    deal.personName ?? '',
    deal.companyName ?? '',
    deal.expectedCloseDate ?? '',
    deal.tags.join(', '),
    deal.createdAt,
  ]
}

/** A cell as spreadsheets read it: formulas defused, quoted when it holds a comma or quote. */
function cell(value: string | number): string {
  const safe = protectCell(String(value))
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The deals of the current view as CSV. */
export function dealsCsv(deals: DealListItem[], names: Names): string {
  const rows = [header(), ...deals.map((deal) => values(deal, names))]
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n'
}

/**
 * The deals of the current view as an Excel workbook, the same columns with the value a number.
 * Its writer (and fflate) load only when asked for.
 */
export async function dealsWorkbook(deals: DealListItem[], names: Names): Promise<Blob> {
  const { xlsxChunks } = await import('../../../shared/xlsx')
  async function* rows() {
    yield deals.map((deal) => values(deal, names))
  }
  const parts: BlobPart[] = []
  for await (const chunk of xlsxChunks(i18next.t('dealsList:page.heading'), header(), rows())) {
    // A copy over an ArrayBuffer of its own, which a Blob takes.
    parts.push(new Uint8Array(chunk))
  }
  return new Blob(parts, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
}
