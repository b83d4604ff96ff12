import type { z } from '@hono/zod-openapi'

/**
 * What a field must be, said the way our own schema messages say it ("must be a date like
 * 2026-12-31"): the 400 puts the field's name before it ("ownerId must be a UUID"). Zod's own
 * messages read as sentences of their own ("Invalid input: expected string, received number"),
 * which came out as "fullName Invalid input: ..." once the field was named. A schema's explicit
 * message still wins; an issue this does not know keeps Zod's (undefined).
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      if (issue.input === null) return 'cannot be null'
      return mustBeOfType(issue.expected, issue.input)
    case 'invalid_format':
      return formats[issue.format]
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => String(value)).join(', ')}`
    case 'too_small':
      if (issue.exact) return exactly(issue.origin, Number(issue.minimum))
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false)
    case 'too_big':
      if (issue.exact) return exactly(issue.origin, Number(issue.maximum))
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false)
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    default:
      return undefined
  }
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
}

function mustBeOfType(expected: string, input: unknown): string {
  // JSON has no Infinity, but 1e400 parses to it.
  if (expected === 'number' && typeof input === 'number') return 'must be a finite number'
  return `must be ${typeNames[expected] ?? expected}`
}

const formats: Record<string, string> = {
  uuid: 'must be a UUID',
  guid: 'must be a UUID',
  email: 'must be an e-mail address',
  url: 'must be a URL',
  date: 'must be a date like 2026-12-31',
  datetime: 'must be an ISO 8601 date-time like 2026-11-22T14:03:00Z',
}

// Strings count characters, arrays items; numbers are compared as they are.
function exactly(origin: string, length: number): string | undefined {
  if (origin === 'string') return `must be exactly ${length} characters long`
  if (origin === 'array') return `must have exactly ${length} items`
  return undefined
}

function tooSmall(origin: string, minimum: number, inclusive: boolean): string | undefined {
  if (origin === 'string' || origin === 'array') {
    if (minimum <= 1) return 'must not be empty'
    return `must have at least ${minimum} ${origin === 'string' ? 'characters' : 'items'}`
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive ? `must be at least ${minimum}` : `must be more than ${minimum}`
  }
  return undefined
}

function tooBig(origin: string, maximum: number, inclusive: boolean): string | undefined {
  if (origin === 'string') return `is longer than ${maximum} characters`
  if (origin === 'array') return `must have at most ${maximum} items`
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive ? `must be at most ${maximum}` : `must be less than ${maximum}`
  }
  return undefined
}
