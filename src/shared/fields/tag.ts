import { normalizeTags } from '../tags'
import { accept, refuse, type FieldResult } from './result'
import { controlCharacter, longerThan } from './text'

export const maxTagChars = 64
export const maxTags = 100

/**
 * One tag: white space collapsed and trimmed, 1 to 64 characters, no comma. Commas separate tags
 * wherever tags are written as text (CSV cells, the forms, webhook payloads), so a tag holding
 * one could never come back from an export as itself.
 */
export function parseTag(raw: string): FieldResult<string> {
  const tag = raw.replace(/\s+/g, ' ').trim()
  if (tag === '') return refuse('must not be empty', { rule: 'empty' })
  if (longerThan(tag, maxTagChars))
    return refuse(`is longer than ${maxTagChars} characters`, { rule: 'tooLong', max: maxTagChars })
  if (controlCharacter.test(tag)) {
    return refuse('must not contain control characters', { rule: 'controlCharacter' })
  }
  if (tag.includes(','))
    return refuse(`"${tag}" holds a comma, which separates tags`, { rule: 'tagComma', tag })
  return accept(tag)
}

/** A set of tags: each one valid, kept once without regard to case, at most 100. */
export function parseTagList(raw: readonly string[]): FieldResult<string[]> {
  const tags: string[] = []
  for (const item of raw) {
    const tag = parseTag(item)
    if (!tag.ok) return tag
    tags.push(tag.value)
  }
  const unique = normalizeTags(tags)
  if (unique.length > maxTags)
    return refuse(`must hold at most ${maxTags} tags`, { rule: 'tooManyTags', max: maxTags })
  return accept(unique)
}

/** Tags written as text, `vip, newsletter`: split at commas, empty pieces dropped. */
export function parseTagText(raw: string): FieldResult<string[]> {
  return parseTagList(raw.split(',').filter((piece) => piece.trim() !== ''))
}
