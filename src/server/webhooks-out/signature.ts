import { createHmac } from 'node:crypto'
import { signingKey } from './signing-secret'

export interface SignedMessage {
  /** webhook-id: the event id, the same on every attempt. */
  id: string
  /** When this attempt is made. */
  sentAt: Date
  /** The exact bytes of the request body. */
  body: string
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for one secret (Standard Webhooks). */
export function sign(message: SignedMessage, secret: string): string {
  const timestamp = Math.floor(message.sentAt.getTime() / 1000)
  const digest = createHmac('sha256', signingKey(secret))
    .update(`${message.id}.${timestamp}.${message.body}`, 'utf8')
    .digest('base64')
  return `v1,${digest}`
}

/**
 * The Standard Webhooks headers of one attempt. Each secret adds a signature to webhook-signature,
 * separated by spaces, so a receiver that knows either of them verifies the request.
 */
export function webhookHeaders(message: SignedMessage, secrets: readonly string[]) {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => sign(message, secret)).join(' '),
  }
}
