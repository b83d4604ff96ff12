// A workbook of one sheet, for the server's exports and the deals list's view: its header bold
// and frozen, numbers and booleans as such. A spreadsheet opens it as it is, whatever its locale's
// list separator and decimal mark, which a CSV cannot promise (Excel in Portuguese splits on
// semicolons and reads 1234.5 as text). The zip is fflate's, streamed a part at a time (it runs
// in Node and in the page alike); the parts are the few SpreadsheetML needs.

import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/** Excel's limits: rows in a sheet (the header included) and characters in a cell. */
export const maxSheetRows = 1_048_576
const maxCellChars = 32_767

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships'
const officeTypes = 'application/vnd.openxmlformats-officedocument.spreadsheetml'

function fixedParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="${officeTypes}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${officeTypes}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${officeTypes}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" ` +
        `Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<workbook xmlns="${main}" xmlns:r="${relationships}"><sheets>` +
        `<sheet name="${escaped(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${packageRelationships}">` +
        `<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      // Style 1 is the header's: the default font, bold.
      'xl/styles.xml',
      `<styleSheet xmlns="${main}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
        `<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
        `<fills count="2"><fill><patternFill patternType="none"/></fill>` +
        `<fill><patternFill patternType="gray125"/></fill></fills>` +
        `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
        `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
        `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
        `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
        `</styleSheet>`,
    ],
  ]
}

// XML 1.0 allows no control characters but tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

function escaped(text: string): string {
  return text
    .replace(notXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A column's letters: 0 is A, 25 is Z, 26 is AA. */
function columnName(index: number): string {
  let name = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name
  }
  return name
}

/** One cell: a number or a boolean as such, anything else as text; nothing for an empty value. */
function cellXml(value: unknown, reference: string, style: string): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'number' && Number.isFinite(value)) {
    return `<c r="${reference}"${style}><v>${value}</v></c>`
  }
  if (typeof value === 'boolean') return `<c r="${reference}"${style} t="b"><v>${+value}</v></c>`
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  // Text, never a formula: a cell starting with = is shown as typed, so nothing needs guarding.
  return (
    `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">` +
    `${escaped(text.slice(0, maxCellChars))}</t></is></c>`
  )
}

function rowXml(values: readonly unknown[], rowNumber: number, header: boolean): string {
  const style = header ? ' s="1"' : ''
  const cells = values.map((value, index) =>
    cellXml(value, `${columnName(index)}${rowNumber}`, style),
  )
  return `<row r="${rowNumber}">${cells.join('')}</row>`
}

/**
 * The workbook's bytes, a chunk at a time: `header`, then each batch of `rows` (at most
 * `maxSheetRows - 1` of them in all; the caller checks before it starts).
 */
export async function* xlsxChunks(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly (readonly unknown[])[]>,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  const drain = function* () {
    if (failure) throw failure
    yield* ready.splice(0)
  }
  for (const [name, xml] of fixedParts(sheetName)) {
    const part = new ZipPassThrough(name)
    zip.add(part)
    part.push(strToU8(xmlHead + xml), true)
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  zip.add(sheet)
  sheet.push(
    strToU8(
      `${xmlHead}<worksheet xmlns="${main}"><sheetViews><sheetView workbookViewId="0">` +
        `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>` +
        `</sheetView></sheetViews><sheetData>${rowXml(header, 1, true)}`,
    ),
  )
  yield* drain()
  let rowNumber = 1
  for await (const batch of rows) {
    const xml = batch.map((values) => rowXml(values, ++rowNumber, false)).join('')
    sheet.push(strToU8(xml))
    yield* drain()
  }
  sheet.push(strToU8('</sheetData></worksheet>'), true)
  zip.end()
  yield* drain()
}
