import { describe, expect, it } from 'vitest'
import { PAGE_CSP_DIRECTIVES, withMapHost } from './security-headers.ts'

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))

describe('the pages’ policy and the street map', () => {
  const policy = PAGE_CSP_DIRECTIVES.join('; ')

  it('lets the map reach exactly the host of its style, and start its worker from a blob', () => {
    const widened = withMapHost(policy, 'https://tiles.example.org/styles/liberty')
    expect(directive(widened, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org")
    expect(directive(widened, 'img-src')).toContain('https://tiles.example.org')
    expect(directive(widened, 'worker-src')).toBe("worker-src 'self' blob:")
    expect(directive(widened, 'default-src')).toBe("default-src 'self'")
    // Once is enough.
    expect(withMapHost(widened, 'https://tiles.example.org/other.json')).toBe(widened)
  })

  it('changes nothing without a map host', () => {
    expect(withMapHost(policy, undefined)).toBe(policy)
  })
})
