import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../src/server/logger'
import { startServer } from '../../src/server/server'
import {
  createLoginLink,
  createSession,
  loginLinkLifetimeMs,
} from '../../src/server/sessions/service'
import { createTestClock } from '../support/clock'
import { createPerson } from '../support/fixtures'
import { startTestServer, type TestServer } from '../support/server'

const clock = createTestClock()
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ clock })
})
afterAll(() => server.close())

/** Follows the login link once; returns the response and the cookie it set. */
async function openLoginLink(url: string) {
  const response = await fetch(url, { redirect: 'manual' })
  const setCookie = response.headers.get('set-cookie') ?? ''
  const cookie = setCookie.split(';')[0]!
  return { response, setCookie, cookie }
}

function withSession(cookie: string, workspaceId?: string): Record<string, string> {
  return { Cookie: cookie, ...(workspaceId ? { 'X-Outpost-Workspace': workspaceId } : {}) }
}

let cookie: string

describe('UI sessions', () => {
  it('the login link sets an HttpOnly, SameSite=Strict session cookie, redirects home, and works once', async () => {
    // A link checker's HEAD (a chat's preview) opens no session and leaves the link unused.
    const checked = await fetch(server.loginUrl, { method: 'HEAD', redirect: 'manual' })
    expect(checked.status).toBe(200)
    expect(checked.headers.get('set-cookie')).toBeNull()
    const first = await openLoginLink(server.loginUrl)
    expect(first.response.status).toBe(303)
    expect(first.response.headers.get('location')).toBe('/')
    expect(first.setCookie).toMatch(/^outpost_session_\d+=[A-Za-z0-9_-]{43};/)
    expect(first.setCookie).toMatch(/HttpOnly/i)
    expect(first.setCookie).toMatch(/SameSite=Strict/i)
    expect(first.setCookie).toMatch(/Path=\//)
    cookie = first.cookie

    expect(first.setCookie).not.toMatch(/Secure/i)

    // Behind a team server's TLS proxy the cookie is Secure: never sent over plain http.
    const proxied = await createLoginLink(server.db, clock.now())
    const overTls = await fetch(`${server.url}/login?token=${proxied.secret}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-Proto': 'https' },
    })
    expect(overTls.headers.get('set-cookie')).toMatch(/; Secure/)

    const again = await fetch(server.loginUrl, { redirect: 'manual' })
    expect(again.status).toBe(401)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(await again.text()).toContain('login link is not valid')
  })

  it('a wrong login token opens nothing, but a signed-in browser reopening the link just goes home', async () => {
    const wrong = await fetch(`${server.url}/login?token=${'A'.repeat(43)}`, { redirect: 'manual' })
    expect(wrong.status).toBe(401)
    const signedIn = await fetch(server.loginUrl, {
      redirect: 'manual',
      headers: { Cookie: cookie },
    })
    expect(signedIn.status).toBe(303)
  })

  it('stores only the SHA-256 of the session cookie', async () => {
    const secret = cookie.split('=')[1]!
    const rows = await server.db.selectFrom('sessions').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(secret)
    expect(rows.map((row) => row.secretHash)).toContain(
      createHash('sha256').update(secret).digest('hex'),
    )
  })

  it('GET /api/session lists every workspace of the data folder', async () => {
    const other = await server.otherWorkspace('Second team')
    const { status, body } = await server
      .as(null)
      .request('GET', '/api/session', undefined, withSession(cookie))
    expect(status).toBe(200)
    expect(body.workspaces.map((item: any) => item.id)).toEqual(
      expect.arrayContaining([server.tenantId, other.tenantId]),
    )
    expect(body.expiresAt).toEqual(expect.any(String))
    expect((await server.as(null).get('/api/session')).status).toBe(401)
  })

  it('a session acts like an admin token on /api/v1 and /api/app/v1, in the workspace it names', async () => {
    const person = await createPerson(server.api, { fullName: 'Session Person' })
    const v1 = await server
      .as(null)
      .request(
        'GET',
        `/api/v1/people/${person.id}`,
        undefined,
        withSession(cookie, server.tenantId),
      )
    expect(v1.status).toBe(200)
    const management = await server
      .as(null)
      .request('GET', '/api/app/v1/pipelines', undefined, withSession(cookie, server.tenantId))
    expect(management.status).toBe(200)

    const other = await server.otherWorkspace('Third team')
    const elsewhere = await server
      .as(null)
      .request('GET', `/api/v1/people/${person.id}`, undefined, withSession(cookie, other.tenantId))
    expect(elsewhere.status).toBe(404)
    const created = await server
      .as(null)
      .request(
        'POST',
        '/api/v1/people',
        { fullName: 'In the third team' },
        withSession(cookie, other.tenantId),
      )
    expect(created.status).toBe(201)
    expect(created.body.tenantId).toBe(other.tenantId)
  })

  it('a session request without X-Outpost-Workspace is refused, so a cross-site form post cannot use the cookie', async () => {
    const { status, body } = await server
      .as(null)
      .request('POST', '/api/v1/people', 'fullName=Forged', {
        ...withSession(cookie),
        'Content-Type': 'application/x-www-form-urlencoded',
      })
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      code: 'workspace_required',
      details: { field: 'X-Outpost-Workspace' },
    })
    const unknown = await server
      .as(null)
      .request(
        'GET',
        '/api/v1/people',
        undefined,
        withSession(cookie, '00000000-0000-4000-8000-000000000000'),
      )
    expect(unknown.status).toBe(404)
  })

  it('a bearer token wins over a session cookie and keeps its own scope', async () => {
    const { status } = await server
      .as(server.apiToken)
      .request('GET', '/api/app/v1/pipelines', undefined, withSession(cookie, server.tenantId))
    expect(status).toBe(403)
  })

  it('refuses requests whose Host is not a loopback name (DNS rebinding), cookie or not', async () => {
    const port = new URL(server.url).port
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/people',
          headers: { Host: `attacker.example:${port}`, ...withSession(cookie, server.tenantId) },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })

  it('signing out ends the session at once', async () => {
    // The login link of this launch is spent; a second session is opened the way the link does.
    const port = new URL(server.url).port
    const mine = `outpost_session_${port}=${(await createSession(server.db, clock.now())).secret}`
    expect(
      (await server.as(null).request('GET', '/api/session', undefined, withSession(mine))).status,
    ).toBe(200)
    const out = await server
      .as(null)
      .request('DELETE', '/api/session', undefined, withSession(mine))
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    expect(
      (
        await server
          .as(null)
          .request('GET', '/api/v1/people', undefined, withSession(mine, server.tenantId))
      ).status,
    ).toBe(401)
  })

  it('a session lasts 30 days without use, and each day of use extends it', async () => {
    const stillUsed = cookie
    clock.advance(20 * 86_400_000)
    const used = await server
      .as(null)
      .request('GET', '/api/v1/people', undefined, withSession(stillUsed, server.tenantId))
    expect(used.status).toBe(200)
    expect(used.headers.get('set-cookie')).toMatch(/Max-Age=2592000/)
    clock.advance(20 * 86_400_000)
    expect(
      (
        await server
          .as(null)
          .request('GET', '/api/v1/people', undefined, withSession(stillUsed, server.tenantId))
      ).status,
    ).toBe(200)
    clock.advance(31 * 86_400_000)
    expect(
      (
        await server
          .as(null)
          .request('GET', '/api/v1/people', undefined, withSession(stillUsed, server.tenantId))
      ).status,
    ).toBe(401)
  })

  it('ends 90 days after it began, however often it is used', async () => {
    const port = new URL(server.url).port
    const fresh = `outpost_session_${port}=${(await createSession(server.db, clock.now())).secret}`
    const use = () =>
      server
        .as(null)
        .request('GET', '/api/v1/people', undefined, withSession(fresh, server.tenantId))
    for (let day = 0; day < 88; day += 4) {
      clock.advance(4 * 86_400_000)
      expect((await use()).status).toBe(200)
    }
    clock.advance(3 * 86_400_000)
    expect((await use()).status).toBe(401)
  })
})

describe('the desktop app', () => {
  it('trades its per-launch secret for a session cookie, as often as it needs to', async () => {
    const secret = randomBytes(32).toString('base64url')
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-desktop-'))
    const desktop = await startServer({
      dataDir,
      port: 0,
      logger: silentLogger,
      desktopSessionSecret: secret,
    })
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${desktop.url}/api/session/desktop`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ secret }),
        })
        expect(response.status).toBe(201)
        expect(response.headers.get('set-cookie')).toMatch(
          /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i,
        )
      }
      const wrong = await fetch(`${desktop.url}/api/session/desktop`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ secret: 'nope' }),
      })
      expect(wrong.status).toBe(401)
      const form = await fetch(`${desktop.url}/api/session/desktop`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `secret=${secret}`,
      })
      expect(form.status).toBe(415)
    } finally {
      await desktop.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('without a desktop secret, the desktop route opens nothing', async () => {
    const response = await fetch(`${server.url}/api/session/desktop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret: 'anything' }),
    })
    expect(response.status).toBe(401)
  })
})

describe('login links', () => {
  it('the page for a used link is styled, names the real address and the command for a new link', async () => {
    const used = await fetch(server.loginUrl, { redirect: 'manual' })
    expect(used.status).toBe(401)
    expect(used.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await used.text()
    expect(html).toContain('<style>')
    expect(html).toContain('prefers-color-scheme: dark')
    expect(html).toContain(`<a href="${server.url}/">Outpost at ${server.url}</a>`)
    expect(html).toContain('npx outpost login-link')
  })

  it('a link minted outside the server (as outpost login-link does) signs in once, without a restart', async () => {
    const link = await createLoginLink(server.db, clock.now())
    const url = `${server.url}/login?token=${link.secret}`
    const first = await openLoginLink(url)
    expect(first.response.status).toBe(303)
    expect(first.cookie).toMatch(/^outpost_session_\d+=/)
    const session = await server
      .as(null)
      .request('GET', '/api/session', undefined, withSession(first.cookie))
    expect(session.status).toBe(200)
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401)
  })

  it('two browsers racing with one link get one session between them', async () => {
    const link = await createLoginLink(server.db, clock.now())
    const url = `${server.url}/login?token=${link.secret}`
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fetch(url, { redirect: 'manual' })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      303, 401, 401, 401, 401, 401, 401, 401,
    ])
  })

  it('a link expires after a day, and only its hash is stored', async () => {
    const link = await createLoginLink(server.db, clock.now())
    const rows = await server.db.selectFrom('loginLinks').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(link.secret)
    expect(rows.map((row) => row.secretHash)).toContain(
      createHash('sha256').update(link.secret).digest('hex'),
    )
    clock.advance(loginLinkLifetimeMs)
    const late = await fetch(`${server.url}/login?token=${link.secret}`, { redirect: 'manual' })
    expect(late.status).toBe(401)
  })
})
