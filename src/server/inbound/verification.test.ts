// Each sender's signature checked against its published example, or its own library's signer.
import { createHmac } from 'node:crypto'
import { Signature as HubSpotSignature } from '@hubspot/api-client'
import { sign as githubSign } from '@octokit/webhooks-methods'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { verifyDelivery, withoutSecret, type VerificationKind } from './verification'

const request = (headers: Record<string, string>, body: string, url = 'https://x.dev/hook') => ({
  method: 'POST',
  url,
  headers: new Headers(headers),
  body: Buffer.from(body),
})

const verify = (
  kind: VerificationKind,
  secret: string,
  req: ReturnType<typeof request>,
  at: Date,
) => verifyDelivery({ kind, header: 'x-form-secret', secret }, req, at)

describe('sender verification', () => {
  it('GitHub: the example of its documentation, and its own library’s signature', async () => {
    // docs.github.com, "Validating webhook deliveries": testing the webhook payload validation.
    const docs = request(
      {
        'X-Hub-Signature-256':
          'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      'Hello, World!',
    )
    expect(verify('github', "It's a Secret to Everybody", docs, new Date())).toEqual({ ok: true })
    const body = '{"action":"opened"}'
    const signed = request({ 'X-Hub-Signature-256': await githubSign('s3cret', body) }, body)
    expect(verify('github', 's3cret', signed, new Date())).toEqual({ ok: true })
    expect(verify('github', 'other', signed, new Date()).ok).toBe(false)
  })

  it('Standard Webhooks: the specification’s example, and the reference library’s signer', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const example = request(
      {
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        'webhook-timestamp': '1614265330',
        'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
      },
      '{"test": 2432232314}',
    )
    expect(verify('standard-webhooks', secret, example, new Date(1614265330_000))).toEqual({
      ok: true,
    })
    // A captured delivery sent again an hour later is refused.
    expect(verify('standard-webhooks', secret, example, new Date(1614268930_000))).toEqual({
      ok: false,
      reason: 'timestamp outside the tolerance',
    })
    const now = new Date()
    const body = '{"type":"contact.created"}'
    const signature = new Webhook(secret).sign('msg_1', now, body)
    const signed = request(
      {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': `v1,bogus ${signature}`,
      },
      body,
    )
    expect(verify('standard-webhooks', secret, signed, now)).toEqual({ ok: true })
    expect(
      verify('standard-webhooks', secret, { ...signed, body: Buffer.from('{}') }, now).ok,
    ).toBe(false)
  })

  it('Stripe: a header made by Stripe’s own library', () => {
    const stripe = new Stripe('sk_test_unused')
    const body = '{"id":"evt_1","type":"checkout.session.completed"}'
    const timestamp = Math.floor(Date.now() / 1000)
    const header = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_test',
      timestamp,
    })
    const signed = request({ 'Stripe-Signature': header }, body)
    expect(verify('stripe', 'whsec_test', signed, new Date())).toEqual({ ok: true })
    expect(verify('stripe', 'whsec_test', signed, new Date((timestamp + 600) * 1000)).ok).toBe(
      false,
    )
    expect(verify('stripe', 'whsec_other', signed, new Date()).ok).toBe(false)
  })

  it('Typeform and Calendly signed as their documentation describes; HubSpot v3 by its own client', () => {
    const body = '{"event_id":"01H","form_response":{}}'
    const typeform = `sha256=${createHmac('sha256', 'tf').update(body).digest('base64')}`
    expect(
      verify('typeform', 'tf', request({ 'Typeform-Signature': typeform }, body), new Date()),
    ).toEqual({ ok: true })

    const t = Math.floor(Date.now() / 1000)
    const calendly = `t=${t},v1=${createHmac('sha256', 'cal').update(`${t}.${body}`).digest('hex')}`
    expect(
      verify(
        'calendly',
        'cal',
        request({ 'Calendly-Webhook-Signature': calendly }, body),
        new Date(),
      ),
    ).toEqual({ ok: true })

    const ms = String(Date.now())
    const url = 'https://acme.loca.lt/webhooks/in/in_abc?portal=1'
    // HubSpot's own client library computes the v3 signature it sends.
    const hubspot = HubSpotSignature.getSignature('POST', 'v3', {
      signature: '',
      clientSecret: 'hub',
      url,
      requestBody: body,
      timestamp: Number(ms),
    })
    const signed = request(
      { 'X-HubSpot-Signature-v3': hubspot, 'X-HubSpot-Request-Timestamp': ms },
      body,
      url,
    )
    expect(verify('hubspot-v3', 'hub', signed, new Date())).toEqual({ ok: true })
    expect(
      verify('hubspot-v3', 'hub', { ...signed, url: 'https://elsewhere.dev/' }, new Date()).ok,
    ).toBe(false)
  })

  it('Google Ads: the key in the body, and the body the log keeps without it', () => {
    const lead = (key: unknown) => JSON.stringify({ lead_id: 'L1', google_key: key, is_test: true })
    const at = new Date()
    expect(verify('google-ads', 'k3y', request({}, lead('k3y')), at)).toEqual({ ok: true })
    expect(verify('google-ads', 'k3y', request({}, `\uFEFF${lead('k3y')}`), at).ok).toBe(true)
    expect(verify('google-ads', 'k3y', request({}, lead('k3Y')), at)).toEqual({
      ok: false,
      reason: 'google_key mismatch',
    })
    expect(verify('google-ads', 'k3y', request({}, lead(42)), at).ok).toBe(false)
    expect(verify('google-ads', 'k3y', request({}, 'google_key=k3y'), at).ok).toBe(false)
    expect(verify('google-ads', 'k3y', request({}, 'null'), at).ok).toBe(false)
    // Kept as it came but for the key, escaped quotes and spacing included.
    const sent = '{ "lead_id": "L1",\n  "google_key" : "a\\"b\\\\", "is_test": true }'
    expect(withoutSecret('google-ads', Buffer.from(sent)).toString()).toBe(
      '{ "lead_id": "L1",\n  "google_key" : "[removed]", "is_test": true }',
    )
    expect(withoutSecret('github', Buffer.from(sent)).toString()).toBe(sent)
  })

  it('HMAC-SHA256 of the body in a named header: base64 (Shopify, WooCommerce), hex (Cal.com)', () => {
    const body = '{"id":820982911946154508,"email":"jon@example.com"}'
    const digest = createHmac('sha256', 'shpss_secret').update(body).digest()
    const at = new Date()
    const signed = (value: string) => request({ 'X-Form-Secret': value }, body)
    for (const value of [
      digest.toString('base64'),
      digest.toString('hex'),
      digest.toString('hex').toUpperCase(),
      `sha256=${digest.toString('hex')}`,
      ` ${digest.toString('base64')} `,
    ]) {
      expect(verify('hmac-sha256', 'shpss_secret', signed(value), at)).toEqual({ ok: true })
    }
    expect(verify('hmac-sha256', 'other', signed(digest.toString('base64')), at)).toEqual({
      ok: false,
      reason: 'signature mismatch',
    })
    const altered = request({ 'X-Form-Secret': digest.toString('base64') }, `${body} `)
    expect(verify('hmac-sha256', 'shpss_secret', altered, at).ok).toBe(false)
    expect(verify('hmac-sha256', 'shpss_secret', request({}, body), at)).toEqual({
      ok: false,
      reason: 'signature header missing',
    })
  })

  it('a shared secret header, and no secret stored: everything fails', () => {
    const ok = request({ 'X-Form-Secret': 'pão de queijo' }, '{}')
    expect(verify('header', 'pão de queijo', ok, new Date())).toEqual({ ok: true })
    expect(verify('header', 'pão de queijo', request({}, '{}'), new Date()).ok).toBe(false)
    expect(verifyDelivery({ kind: 'github', header: null, secret: null }, ok, new Date())).toEqual({
      ok: false,
      reason: 'no secret is set for this webhook',
    })
  })
})
