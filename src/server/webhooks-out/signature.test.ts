import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { sign, webhookHeaders } from './signature'
import { generateSigningSecret, signingKey } from './signing-secret'

const message = {
  id: '7d1f2a8e-8f0e-4f43-9d3a-0f6a9d3e2b11',
  sentAt: new Date(),
  body: JSON.stringify({ type: 'person.created', data: { object: { fullName: 'Ana Souza' } } }),
}

describe('webhook signatures', () => {
  it('secrets are whsec_ and 32 random bytes, different every time', () => {
    const secret = generateSigningSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(signingKey(secret)).toHaveLength(32)
    expect(generateSigningSecret()).not.toBe(secret)
  })

  it('signs exactly as the standardwebhooks library does', () => {
    const secret = generateSigningSecret()
    expect(sign(message, secret)).toBe(
      new Webhook(secret).sign(message.id, message.sentAt, message.body),
    )
  })

  it('the headers verify with the library, with either of two secrets', () => {
    const [current, previous] = [generateSigningSecret(), generateSigningSecret()]
    const headers = webhookHeaders(message, [current, previous])
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(message.body, headers)).toEqual(JSON.parse(message.body))
    }
    expect(() => new Webhook(generateSigningSecret()).verify(message.body, headers)).toThrow()
  })

  it('a changed body, id or timestamp no longer verifies', () => {
    const secret = generateSigningSecret()
    const headers = webhookHeaders(message, [secret])
    const webhook = new Webhook(secret)
    expect(() => webhook.verify(message.body.replace('Ana', 'Eve'), headers)).toThrow()
    expect(() => webhook.verify(message.body, { ...headers, 'webhook-id': 'other' })).toThrow()
    const earlier = String(Number(headers['webhook-timestamp']) - 1)
    expect(() =>
      webhook.verify(message.body, { ...headers, 'webhook-timestamp': earlier }),
    ).toThrow()
  })
})
