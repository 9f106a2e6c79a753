import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address.ts'
import { loadConfig } from './config.ts'

const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy

describe('client address', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust(''))).toBe('203.0.113.9')
    expect(clientAddress('::ffff:203.0.113.9', null, trust(''))).toBe('203.0.113.9')
  })

  it('behind one trusted hop is the address the proxy appended, not one the client made up', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', trust('1'))).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1', trust('1'))).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.2', trust('2'))).toBe('198.51.100.1')
  })

  it('behind proxies known by address, walks back through them only', () => {
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.3', trust('10.0.0.0/8'))).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.1', '198.51.100.1', trust('loopback'))).toBe('198.51.100.1')
    // A peer that is not a trusted proxy speaks for itself.
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust('loopback'))).toBe('203.0.113.9')
    expect(clientAddress('::1', 'not-an-address', trust('loopback'))).toBe('::1')
  })

  it('rejects a TRUST_PROXY that is neither hops nor addresses, naming it', () => {
    expect(() => trust('everyone')).toThrow(/^Invalid configuration: TRUST_PROXY /)
  })
})
