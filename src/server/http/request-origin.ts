import type { Context } from 'hono'

/**
 * The scheme the browser used: a TLS reverse proxy (a team server's) says https in
 * X-Forwarded-Proto while we see plain http. A client that lies about it only fools itself: its
 * own cookie made Secure, its own link written with https.
 */
export function requestScheme(c: Context): 'http' | 'https' {
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  if (forwarded === 'https' || forwarded === 'http') return forwarded
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http'
}

/** The address the caller reached us by (its Host, which the host check has let through). */
export function requestOrigin(c: Context): string {
  return `${requestScheme(c)}://${c.req.header('host') ?? new URL(c.req.url).host}`
}
