import { describe, expect, it } from 'vitest'
import { createSseParser } from './sse'

describe('createSseParser', () => {
  it('returns each message once it is complete, however the stream is cut', () => {
    const parse = createSseParser()
    expect(parse('id: c1\nda')).toEqual([])
    expect(parse('ta: {"a":1}\n')).toEqual([])
    expect(parse('\n: keep-alive\n\nid: c2\r\ndata: x\r\ndata: y\r\n\r\n')).toEqual([
      { id: 'c1', event: null, data: '{"a":1}' },
      { id: 'c2', event: null, data: 'x\ny' },
    ])
  })

  it('keeps the last id for messages that do not repeat it, and ignores comments', () => {
    const parse = createSseParser()
    expect(parse('id: c9\nevent: ping\ndata: 1\n\n:comment\n\ndata: 2\n\n')).toEqual([
      { id: 'c9', event: 'ping', data: '1' },
      { id: 'c9', event: null, data: '2' },
    ])
  })
})
