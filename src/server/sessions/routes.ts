import { Hono } from 'hono'
import type { AppDeps } from '../app-env'
import { ApiError } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { validationFailure } from '../http/validation'
import { listWorkspaces } from '../workspaces/service'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './cookie'
import { invalidLoginPage } from './login-page'
import type { SessionState } from '../../shared/session'
import { desktopExchangeBody } from './schema'
import { loginLinkCommand } from '../../shared/login-link'
import { authenticateSession, createSession, endSession, openSessionWithLoginLink } from './service'

const signedOut = () =>
  new ApiError(
    'unauthorized',
    `Not signed in: open a login link (\`${loginLinkCommand}\` prints a new one)`,
  )

/**
 * How the UI signs in: `GET /login?token=` (a one-time link: `outpost serve` prints one, and
 * `outpost login-link` mints more) and
 * `POST /api/session/desktop` (the desktop app's per-launch secret) both open a session and set
 * its cookie; `GET /api/session` tells the UI whether it is signed in and which workspaces it may
 * use; `DELETE /api/session` signs out.
 */
export function sessionRoutes({ db, clock, loginGate }: AppDeps) {
  const app = new Hono()

  app.get('/login', async (c) => {
    c.header('Cache-Control', 'no-store')
    const token = c.req.query('token') ?? ''
    const session = await openSessionWithLoginLink(db, token, clock.now())
    if (session) {
      writeSessionCookie(c, session.secret)
      return c.redirect('/', 303)
    }
    // Opening the link again in a browser that is already signed in is not a mistake.
    const cookie = readSessionCookie(c)
    if (cookie && (await authenticateSession(db, cookie, clock.now()))) return c.redirect('/', 303)
    return c.html(invalidLoginPage(new URL(c.req.url).origin), 401)
  })

  app.get('/api/session', async (c) => {
    c.header('Cache-Control', 'no-store')
    const cookie = readSessionCookie(c)
    const session = cookie ? await authenticateSession(db, cookie, clock.now()) : null
    if (!cookie || !session) throw signedOut()
    if (session.extended) writeSessionCookie(c, cookie)
    const workspaces = (await listWorkspaces(db)).map(({ id, name }) => ({ id, name }))
    return c.json({ expiresAt: session.expiresAt, workspaces } satisfies SessionState)
  })

  app.delete('/api/session', async (c) => {
    const cookie = readSessionCookie(c)
    if (cookie) await endSession(db, cookie)
    clearSessionCookie(c)
    return c.body(null, 204)
  })

  app.post('/api/session/desktop', jsonBody, async (c) => {
    const parsed = desktopExchangeBody.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) throw validationFailure(parsed.error, 'json')
    if (!loginGate?.matchesDesktopSecret(parsed.data.secret)) {
      throw new ApiError('unauthorized', 'The desktop session secret is not valid')
    }
    const session = await createSession(db, clock.now())
    writeSessionCookie(c, session.secret)
    c.header('Cache-Control', 'no-store')
    return c.json({ expiresAt: session.expiresAt }, 201)
  })

  return app
}
