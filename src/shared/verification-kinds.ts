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
] as const

export type VerificationKind = (typeof verificationKinds)[number]
