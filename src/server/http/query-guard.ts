import type { MiddlewareHandler } from 'hono'
import { ApiError } from './errors'

// C0 controls and DEL: no parameter has a use for them, and NUL in particular breaks SQLite's
// full-text search.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return null
  }
}

function badParameter(field: string, problem: string): ApiError {
  return new ApiError('invalid_request', `Query parameter ${field} ${problem}`, { field })
}

/**
 * Refuses a query string whose names or values are not valid percent-encoded UTF-8 (`%zz`, an
 * encoded lone surrogate such as `%ED%A0%80`) or hold control characters, with a 400 naming the parameter. Every route
 * behind it then sees only well-formed text, rather than each having to check for itself.
 */
export const queryGuard: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  const start = url.indexOf('?')
  if (start >= 0) {
    for (const pair of url.slice(start + 1).split('&')) {
      const split = pair.indexOf('=')
      const rawName = split < 0 ? pair : pair.slice(0, split)
      const name = decode(rawName)
      if (name === null) throw badParameter(rawName, 'is not valid percent-encoded UTF-8')
      if (hasControlCharacter(name)) throw badParameter(rawName, 'must not hold control characters')
      const value = split < 0 ? '' : decode(pair.slice(split + 1))
      if (value === null) throw badParameter(name, 'is not valid percent-encoded UTF-8')
      if (hasControlCharacter(value)) throw badParameter(name, 'must not hold control characters')
    }
  }
  await next()
}
