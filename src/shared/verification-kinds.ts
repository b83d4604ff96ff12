/**
 * How an inbound webhook's deliveries prove their sender: none, a shared secret in a header, or a
 * provider's signature preset (server: inbound/verification.ts; the form: Settings → Inbound).
 */
export const verificationKinds = [
  'none',
  'header',
  'standard-webhooks',
  'stripe',
  'github',
  'typeform',
  'calendly',
  'hubspot-v3',
  'google-ads',
  'hmac-sha256',
] as const

export type VerificationKind = (typeof verificationKinds)[number]

/**
 * The kinds whose header the webhook names: the shared secret's (`header`), or the signature's of
 * a sender that signs the body in a header of its own (`hmac-sha256`: Shopify, WooCommerce…).
 */
export const namesItsHeader = (kind: VerificationKind): boolean =>
  kind === 'header' || kind === 'hmac-sha256'
