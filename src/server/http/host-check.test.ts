import { describe, expect, it } from 'vitest'
import { hostName } from './host-check'

describe('hostName', () => {
  it('drops the port and lower-cases, IPv6 literals included', () => {
    expect(hostName('LocalHost:4780')).toBe('localhost')
    expect(hostName('127.0.0.1')).toBe('127.0.0.1')
    expect(hostName('[::1]:4780')).toBe('[::1]')
    expect(hostName('evil.example:80')).toBe('evil.example')
  })
})
