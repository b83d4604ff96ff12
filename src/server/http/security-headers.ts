import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { setAnswerHeaders } from './answer-headers'

// The UI's pages and the API reference: every header a browser honours for an HTML document.
const pageHeaders = secureHeaders({
  // Plain HTTP on loopback: HSTS would mean nothing to a browser here.
  strictTransportSecurity: false,
  // As frame-ancestors 'none' says, for browsers that know only this header (Hono's default,
  // SAMEORIGIN, said otherwise).
  xFrameOptions: 'DENY',
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
  },
})

/**
 * JSON answers (the APIs and inbound webhooks) get the two headers that matter for a document no
 * browser should render: no MIME sniffing, and a policy that allows nothing, not even framing (as
 * GitHub's and Stripe's APIs do). The rest of the page set (COOP, CORP, X-Frame-Options and the
 * like) only governs HTML; on the hottest path they cost a tenth of a small answer's time.
 */
const jsonHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  setAnswerHeaders(c, jsonAnswerHeaders)
}

const jsonAnswerHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
}

const jsonPrefixes = ['/api/v1/', '/api/app/v1/', '/api/sync/v1/', '/webhooks/']

export const securityHeaders: MiddlewareHandler = (c, next) =>
  jsonPrefixes.some((prefix) => c.req.path.startsWith(prefix))
    ? jsonHeaders(c, next)
    : pageHeaders(c, next)
