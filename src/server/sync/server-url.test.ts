import { describe, expect, it } from 'vitest'
import { withScheme } from './server-url'

describe('withScheme', () => {
  it('gives an address typed without a scheme the one a browser would', () => {
    expect(withScheme(' 127.0.0.1:4673 ')).toBe('http://127.0.0.1:4673')
    expect(withScheme('localhost:4673/')).toBe('http://localhost:4673/')
    expect(withScheme('[::1]:4673')).toBe('http://[::1]:4673')
    expect(withScheme('192.168.0.20:4673')).toBe('http://192.168.0.20:4673')
    expect(withScheme('outpost.local')).toBe('http://outpost.local')
    expect(withScheme('crm.example.com')).toBe('https://crm.example.com')
    expect(withScheme('172.32.0.1')).toBe('https://172.32.0.1')
  })

  it('keeps a scheme that is given, whichever it is', () => {
    expect(withScheme('http://crm.example.com')).toBe('http://crm.example.com')
    expect(withScheme('ftp://crm.example.com')).toBe('ftp://crm.example.com')
  })
})
