import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { requestScheme } from '../http/request-origin'
import { sessionLifetimeMs } from './service'

/**
 * Cookies are shared by every port of a host, so two Outpost servers on one machine (two data
 * folders) would overwrite each other's session; the port in the name keeps them apart.
 */
function cookieName(c: Context): string {
  const port = new URL(c.req.url).port
  return port ? `outpost_session_${port}` : 'outpost_session'
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, cookieName(c))
}

/**
 * HttpOnly so page scripts cannot read it; SameSite=Strict so no other site's page sends it;
 * Secure when the page came over https, so a plain-http request never carries it.
 */
export function writeSessionCookie(c: Context, secret: string): void {
  setCookie(c, cookieName(c), secret, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(sessionLifetimeMs / 1000),
    secure: requestScheme(c) === 'https',
  })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, cookieName(c), { path: '/', httpOnly: true, sameSite: 'Strict' })
}
