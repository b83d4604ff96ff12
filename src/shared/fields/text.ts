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
  if (longerThan(line, max)) {
    return refuse(`is longer than ${max} characters`, { rule: 'tooLong', max })
  }
  if (controlCharacter.test(line)) {
    return refuse('must not contain control characters', { rule: 'controlCharacter' })
  }
  return accept(line)
}

// The C0 and C1 controls white space does not cover (NUL, BEL, ESC, DEL...): invisible, they would
// make two names that look alike differ, and end up raw in exports.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacter = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/

/**
 * Whether `text` has more than `max` characters, counted as JSON Schema's maxLength counts them
 * (code points): an emoji is one character, not the two UTF-16 units of `length`.
 */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false
  if (text.length > max * 2) return true
  let count = 0
  for (let i = 0; i < text.length; i += text.codePointAt(i)! > 0xffff ? 2 : 1) {
    if (++count > max) return true
  }
  return false
}
