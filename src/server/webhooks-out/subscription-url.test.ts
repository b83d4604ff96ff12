import { describe, expect, it } from 'vitest'
import { subscriptionUrlProblem } from './subscription-url'

describe('subscription URL policy', () => {
  it('accepts https anywhere', () => {
    for (const url of ['https://example.com/hooks', 'https://10.0.0.5:8443/x?key=1']) {
      expect(subscriptionUrlProblem(url), url).toBeNull()
    }
  })

  it('accepts plain http only to this computer', () => {
    for (const url of [
      'http://localhost:3000/hooks',
      'http://127.0.0.1:8080/',
      'http://127.1.2.3/',
      'http://[::1]:9000/in',
      'http://app.localhost/in',
    ]) {
      expect(subscriptionUrlProblem(url), url).toBeNull()
    }
    for (const url of [
      'http://example.com/hooks',
      'http://192.168.1.20/hooks',
      'http://0.0.0.0/',
    ]) {
      expect(subscriptionUrlProblem(url), url).toMatch(/https/)
    }
  })

  it('refuses other schemes, relative URLs, credentials and fragments', () => {
    expect(subscriptionUrlProblem('ftp://example.com/')).toMatch(/http/)
    expect(subscriptionUrlProblem('/hooks')).toMatch(/absolute/)
    expect(subscriptionUrlProblem('https://user:pw@example.com/')).toMatch(/password/)
    expect(subscriptionUrlProblem('https://example.com/#x')).toMatch(/fragment/)
  })
})
