import { sniffDelimiter } from '../../../../shared/csv-text'
import type { ImportKind } from '../../../../shared/import-targets'

/**
 * The header and first rows of a CSV text (RFC 4180: quoted fields may hold the delimiter, quotes
 * doubled, and line breaks), split by the delimiter the server will find in the header line (a
 * comma, or the semicolon of Excel where decimals have a comma). Only for showing columns before an
 * import; the server parses the whole file.
 */
export function parseCsvPreview(text: string, maxRows = 5): { header: string[]; rows: string[][] } {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  const source = text.replace(/^\uFEFF/, '')
  const delimiter = sniffDelimiter(source.split(/\r\n|\n|\r/, 1)[0] ?? '')
  for (let index = 0; index < source.length && records.length <= maxRows; index++) {
    const char = source[index]!
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === delimiter) {
      record.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++
      record.push(field)
      if (record.some((value) => value !== '')) records.push(record)
      record = []
      field = ''
    } else field += char
  }
  if (field !== '' || record.length > 0) records.push([...record, field])
  const [header = [], ...rows] = records
  return { header: header.map((name) => name.trim()), rows: rows.slice(0, maxRows) }
}

/** `{{Name}}`, or `{{["E.mail"]}}` for a header the path syntax would split. */
export function columnPlaceholder(header: string): string {
  return /^[^.[\]{}"']+$/.test(header)
    ? `{{${header}}}`
    : `{{["${header.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]}}`
}

const guesses: Record<ImportKind, [RegExp, string][]> = {
  people: [
    [/^(full[\s_-]?)?name$|^nome( completo)?$/i, 'fullName'],
    [/^(first|given)[\s_-]?name$|^primeiro[\s_-]nome$/i, 'firstName'],
    [/^(last|family)[\s_-]?name$|^surname$|^sobrenome$|^[uú]ltimo[\s_-]nome$/i, 'lastName'],
    [/e-?mail/i, 'primaryEmail'],
    [/phone|telefone|celular|whatsapp|mobile/i, 'primaryPhone'],
    [/lifecycle|stage|est[aá]gio/i, 'lifecycleStage'],
    [/source|origem|fonte/i, 'leadSource'],
    [/^tags?$|etiquetas?/i, 'tags'],
    [/^(company|empresa|organi[sz]ation|organiza[cç][aã]o)([\s_-]name)?$/i, 'company'],
    [/^((contact|person)[\s_-])?owner$|^respons[aá]vel$/i, 'owner'],
    [/^(notes?|anota[cç][aãoõ]es?|observa[cç][aãoõ]es?|obs\.?)$/i, 'note'],
    [/^(task|next step|tarefa|pr[oó]ximo passo)$/i, 'task'],
  ],
  deals: [
    [/^(title|deal|t[ií]tulo|neg[oó]cio)$/i, 'title'],
    [/^(value|amount|valor)$/i, 'value'],
    [/^(currency|moeda)$/i, 'currency'],
    [/^(pipeline|funil)$/i, 'pipeline'],
    [/^(stage|etapa|est[aá]gio)$/i, 'stage'],
    [/^(person|contact|contato|pessoa)|e-?mail/i, 'person'],
    [/^(company|empresa)$/i, 'company'],
    [/^(owner|respons[aá]vel)$/i, 'owner'],
    [/^lost ?reason|motivo/i, 'lostReason'],
    [/close|fechamento/i, 'expectedCloseDate'],
    [/^tags?$|etiquetas?/i, 'tags'],
  ],
  activities: [
    [/^(type|kind|tipo)$/i, 'type'],
    [/^(subject|assunto|t[ií]tulo|title)$/i, 'subject'],
    [/^(body|details?|notes?|descri[cç][aã]o|detalhes)$/i, 'body'],
    [/^(date|due( date)?|data|vencimento)$/i, 'dueDate'],
    [/^(time|hora|hor[aá]rio)$/i, 'dueTime'],
    [/duration|dura[cç][aã]o/i, 'durationMinutes'],
    [/^(done|completed?|conclu[ií]d[ao]|feit[ao])$/i, 'done'],
    [/outcome|result/i, 'outcome'],
    [/priority|prioridade/i, 'priority'],
    [/^(person|contact|contato|pessoa)|e-?mail/i, 'person'],
    [/^(deal|neg[oó]cio)$/i, 'deal'],
    [/^(company|empresa)$/i, 'company'],
    [/^(assignee|owner|respons[aá]vel)$/i, 'assignee'],
  ],
  notes: [
    [/^(note|body|text|anota[cç][aã]o|nota|texto)$/i, 'body'],
    [/^(person|contact|contato|pessoa)|e-?mail/i, 'person'],
    [/^(deal|neg[oó]cio)$/i, 'deal'],
    [/^(company|empresa)$/i, 'company'],
    [/^(author|autor)$/i, 'author'],
    [/pinned|fixad[ao]/i, 'pinned'],
    [/^(date|data|noted at|written on)$/i, 'notedAt'],
  ],
}

/** The target field a column most likely fills, from its header; '' when unsure. */
export function guessTarget(header: string, kind: ImportKind = 'people'): string {
  return guesses[kind].find(([pattern]) => pattern.test(header.trim()))?.[1] ?? ''
}
