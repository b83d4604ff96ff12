import { accept, refuse, type FieldResult } from './result'

/** The longest name, title or lead source Outpost keeps. */
export const maxLineChars = 200

/**
 * One line of text (a name, a deal title, a lead source): runs of white space, line breaks
 * included, become one space; the ends are trimmed; it must not be empty.
 */
export function parseLine(raw: string, max = maxLineChars): FieldResult<string> {
  const line = raw.replace(/\s+/g, ' ').trim()
  if (line === '') return refuse('must not be empty', { rule: 'empty' })
  if (line.length > max) return refuse(`is longer than ${max} characters`, { rule: 'tooLong', max })
  return accept(line)
}
