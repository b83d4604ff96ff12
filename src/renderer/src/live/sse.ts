/** One Server-Sent Events message: its `id` (a change-feed cursor) and `data` lines joined. */
export interface SseMessage {
  id: string | null
  event: string | null
  data: string
}

/**
 * An incremental parser of a text/event-stream (WHATWG HTML, "event stream interpretation"): feed
 * it chunks as they arrive, however they are cut, and it returns the complete messages.
 */
export function createSseParser(): (chunk: string) => SseMessage[] {
  let buffer = ''
  let id: string | null = null
  let event: string | null = null
  let data: string[] = []
  return (chunk) => {
    buffer += chunk
    const messages: SseMessage[] = []
    let newline: number
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
      if (line === '') {
        if (data.length > 0) messages.push({ id, event, data: data.join('\n') })
        data = []
        event = null
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'data') data.push(value)
      else if (field === 'id') id = value
      else if (field === 'event') event = value
    }
    return messages
  }
}
