// Inbound URLs used straight from the web: a site's script posting with fetch (CORS), a plain
// HTML form whose browser is sent to the site's thank-you page, and providers' endpoint checks.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInboundWebhook } from '../support/inbound'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
let hook: { id: string; path: string }
const site = 'https://www.padaria.com.br'

beforeAll(async () => {
  server = await startTestServer()
  hook = await createInboundWebhook(server, {
    mapping: { fullName: '{{name}}', primaryEmail: '{{email}}' },
    allowedOrigins: [site],
    redirectUrl: `${site}/obrigado?lang=pt`,
  })
})
afterAll(() => server.close())

const url = () => server.url + hook.path

describe('a site posting with fetch (CORS)', () => {
  it('answers the preflight of an allowed origin, and refuses another', async () => {
    const preflight = await fetch(url(), {
      method: 'OPTIONS',
      headers: {
        Origin: site,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(site)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/)
    const other = await fetch(url(), {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(other.status).toBe(403)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets the allowed page read the answer; another page gets no CORS header', async () => {
    const posted = await fetch(url(), {
      method: 'POST',
      headers: { Origin: site, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Site Fetch', email: 'fetch@padaria.com.br' }),
    })
    expect(posted.status).toBe(201)
    expect(posted.headers.get('access-control-allow-origin')).toBe(site)
    const refused = await fetch(url(), {
      method: 'POST',
      headers: { Origin: site, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'no-name@padaria.com.br' }),
    })
    expect(refused.status).toBe(422)
    expect(refused.headers.get('access-control-allow-origin')).toBe(site)
    const elsewhere = await fetch(url(), {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Elsewhere' }),
    })
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('a plain HTML form', () => {
  const form = (fields: Record<string, string>, accept: string) =>
    fetch(url(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept },
      body: new URLSearchParams(fields).toString(),
    })
  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

  it('sends the browser on to the thank-you page (303), saying how it went', async () => {
    const done = await form({ name: 'Form Person', email: 'form@padaria.com.br' }, browser)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${site}/obrigado?lang=pt&outpost=ok`)
    const failed = await form({ email: 'noname@padaria.com.br' }, browser)
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toBe(
      `${site}/obrigado?lang=pt&outpost=error&code=validation_error`,
    )
    const { body } = await server.api.get('/api/v1/people?pageSize=100')
    expect(body.data.map((person: { fullName: string }) => person.fullName)).toContain(
      'Form Person',
    )
  })

  it('a script posting the same form gets JSON, as before', async () => {
    const scripted = await form({ name: 'Form Script', email: 'script@padaria.com.br' }, '*/*')
    expect(scripted.status).toBe(201)
    expect(((await scripted.json()) as { ok: boolean }).ok).toBe(true)
  })
})

describe('providers checking the endpoint', () => {
  it('echoes a GET challenge (Meta, Dropbox) as plain text; a bare GET is still a 405', async () => {
    const meta = await fetch(
      `${url()}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1158201444`,
    )
    expect(meta.status).toBe(200)
    expect(await meta.text()).toBe('1158201444')
    expect(meta.headers.get('content-type')).toMatch(/^text\/plain/)
    const dropbox = await fetch(`${url()}?challenge=abc123`)
    expect(await dropbox.text()).toBe('abc123')
    expect((await fetch(url())).status).toBe(405)
    const hostile = await fetch(`${url()}?challenge=${encodeURIComponent('<script>')}`)
    expect(hostile.status).toBe(405)
    expect((await fetch(`${server.url}/webhooks/in/in_nope?challenge=abc`)).status).toBe(404)
  })

  it('answers Slack’s URL verification with its challenge, creating nothing', async () => {
    const { body: before } = await server.api.get('/api/v1/people')
    const answer = await fetch(url(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        token: 'x',
        challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
        type: 'url_verification',
      }),
    })
    expect(await answer.json()).toEqual({
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
    })
    expect((await server.api.get('/api/v1/people')).body.total).toBe(before.total)
  })
})

describe('Mailchimp', () => {
  it("passes its validator's check of the URL, creating nothing, and takes its form deliveries in", async () => {
    const mailchimp = await createInboundWebhook(server, {
      mapping: {
        fullName: '{{data.merges.FNAME}} {{data.merges.LNAME}}',
        primaryEmail: '{{data.email}}',
      },
    })
    const at = server.url + mailchimp.path
    const validator = { 'User-Agent': 'MailChimp.com WebHook Validator' }
    const { body: before } = await server.api.get('/api/v1/people')
    const check = await fetch(at, { headers: validator })
    expect(check.status).toBe(200)
    expect(await check.json()).toEqual({ ok: true })
    const emptyPost = await fetch(at, { method: 'POST', headers: validator })
    expect(emptyPost.status).toBe(200)
    expect((await server.api.get('/api/v1/people')).body.total).toBe(before.total)
    // Anyone else's bare GET or empty POST is answered as before; an unknown token is still 404.
    expect((await fetch(at)).status).toBe(405)
    expect((await fetch(at, { method: 'POST' })).status).toBe(400)
    expect((await fetch(`${server.url}/webhooks/in/in_nope`, { headers: validator })).status).toBe(
      404,
    )
    const subscribe = await fetch(at, {
      method: 'POST',
      headers: {
        'User-Agent': 'MailChimp.com',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body:
        'type=subscribe&fired_at=2026-11-29+10%3A00%3A00&data%5Bid%5D=8a25ff1d98' +
        '&data%5Bemail%5D=octavia%40example.com&data%5Bemail_type%5D=html' +
        '&data%5Bmerges%5D%5BFNAME%5D=Oct%C3%A1via&data%5Bmerges%5D%5BLNAME%5D=Chen' +
        '&data%5Blist_id%5D=a6b5da1054',
    })
    expect(subscribe.status).toBe(201)
    const { personId } = (await subscribe.json()) as { personId: string }
    expect((await server.api.get(`/api/v1/people/${personId}`)).body).toMatchObject({
      fullName: 'Octávia Chen',
      primaryEmail: 'octavia@example.com',
    })
  })
})

describe('the settings', () => {
  it('refuses an origin that is not one and a redirect that is not a web page, naming them', async () => {
    const patch = (fields: Record<string, unknown>) =>
      server.admin.patch(`/api/app/v1/inbound-webhooks/${hook.id}`, fields)
    const origin = await patch({ allowedOrigins: ['padaria.com.br'] })
    expect(origin.status).toBe(400)
    expect(origin.body.error.details.field).toBe('allowedOrigins[0]')
    const redirect = await patch({ redirectUrl: 'javascript:alert(1)' })
    expect(redirect.status).toBe(400)
    expect(redirect.body.error.details.field).toBe('redirectUrl')
  })
})
