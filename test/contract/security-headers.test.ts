import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('security headers', () => {
  it('JSON answers, errors included, forbid sniffing and allow no content or framing', async () => {
    const answers = [
      await server.api.get('/api/v1/people'),
      await server.as(null).get('/api/v1/people'),
      await server.admin.get('/api/app/v1/workspace'),
      await server.as(null).request('POST', '/webhooks/in/whk_unknown', {}),
    ]
    for (const { headers } of answers) {
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      // The HTML-only set stays on pages.
      expect(headers.get('x-frame-options')).toBeNull()
    }
  })

  it('pages carry the full set, with a policy that lets them load only their own assets', async () => {
    const { headers } = await fetch(`${server.url}/api/docs`)
    expect(headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })
})
