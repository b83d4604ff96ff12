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
import { findAccount, workspacesOfAccount } from '../accounts/lookup'
import { setPassword } from '../accounts/service'
import { passwordSignIn } from './password-sign-in'
import { passwordSignInBody, setPasswordBody } from '../accounts/schema'
import { ownerOfMachine, rolePermissions } from '../../shared/permissions'

// The command rides along as a detail: the UI's signed-out page shows the one for this folder.
const signedOut = (command: string) =>
  new ApiError(
    'unauthorized',
    `Not signed in: open a login link (\`${command}\` prints a new one)`,
    { loginLinkCommand: command },
  )

/**
 * How the UI signs in: `GET /login?token=` (a one-time link: `outpost serve` prints one, and
 * `outpost login-link` mints more) and
 * `POST /api/session/desktop` (the desktop app's per-launch secret) both open a session and set
 * its cookie; `GET /api/session` tells the UI whether it is signed in and which workspaces it may
 * use, with its role in each; `POST /api/session/password` signs an account in with its e-mail and
 * password, `PUT /api/session/password` sets the signed-in account's own; `DELETE /api/session`
 * signs out.
 */
export function sessionRoutes(deps: AppDeps) {
  const { db, clock, loginGate, rateLimiter } = deps
  const command = deps.loginLinkCommand ?? loginLinkCommand
  const app = new Hono()

  app.get('/login', async (c) => {
    c.header('Cache-Control', 'no-store')
    // A link checker or a preview's HEAD must not use up the link (and keep the session).
    if (c.req.method === 'HEAD') return c.body(null, 200)
    const token = c.req.query('token') ?? ''
    const session = await openSessionWithLoginLink(db, token, clock.now())
    if (session) {
      writeSessionCookie(c, session.secret)
      return c.redirect('/', 303)
    }
    // Opening the link again in a browser that is already signed in is not a mistake.
    const cookie = readSessionCookie(c)
    if (cookie && (await authenticateSession(db, cookie, clock.now()))) return c.redirect('/', 303)
    return c.html(invalidLoginPage(command, new URL(c.req.url).origin), 401)
  })

  app.get('/api/session', async (c) => {
    c.header('Cache-Control', 'no-store')
    const cookie = readSessionCookie(c)
    const session = cookie ? await authenticateSession(db, cookie, clock.now()) : null
    if (!cookie || !session) throw signedOut(command)
    if (session.extended) writeSessionCookie(c, cookie)
    const account = session.accountId ? await findAccount(db, session.accountId) : undefined
    const workspaces = account
      ? (await workspacesOfAccount(db, account.id)).map(({ id, name, role }) => ({
          id,
          name,
          role,
          permissions: [...rolePermissions[role]],
        }))
      : (await listWorkspaces(db)).map(({ id, name }) => ({
          id,
          name,
          role: 'owner' as const,
          permissions: [...ownerOfMachine],
        }))
    return c.json({
      expiresAt: session.expiresAt,
      account: account
        ? {
            id: account.id,
            email: account.email,
            name: account.name,
            hasPassword: account.passwordHash !== null,
          }
        : null,
      workspaces,
    } satisfies SessionState)
  })

  // Signing in with an e-mail and password; a wrong pair says no more than that, counted per
  // address like unauthenticated API requests, so guessing is throttled.
  app.post('/api/session/password', jsonBody, async (c) => {
    c.header('Cache-Control', 'no-store')
    const { account } = await passwordSignIn(c, { db, rateLimiter }, passwordSignInBody)
    const session = await createSession(db, clock.now(), account.id)
    writeSessionCookie(c, session.secret)
    return c.json({ expiresAt: session.expiresAt }, 201)
  })

  // A signed-in account sets or changes its own password.
  app.put('/api/session/password', jsonBody, async (c) => {
    const cookie = readSessionCookie(c)
    const session = cookie ? await authenticateSession(db, cookie, clock.now()) : null
    if (!session) throw signedOut(command)
    if (!session.accountId) {
      throw new ApiError(
        'invalid_request',
        "The computer's owner signs in with login links and has no password",
      )
    }
    const parsed = setPasswordBody.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) throw validationFailure(parsed.error, 'json')
    await setPassword(db, session.accountId, parsed.data, clock.now())
    return c.body(null, 204)
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
