import { describe, expect, it } from 'vitest'
import { FRAME_ANCESTORS, pagePolicy, PAGE_CSP_DIRECTIVES, withFrameAncestors, withMapHost } from './security-headers.ts'

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

  it('gives each page policy frame-ancestors and the map host, the same however many policies it has kept', () => {
    const styleUrl = 'https://tiles.example.org/styles/liberty'
    const pages = Array.from({ length: 100 }, (_, page) => `script-src 'sha256-${page}'; ${policy}`)
    for (const round of [1, 2])
      for (const page of pages) expect(pagePolicy(page, styleUrl), `round ${round}`).toBe(withMapHost(withFrameAncestors(page), styleUrl))
    expect(pagePolicy(pages[0]!, styleUrl)).toContain(FRAME_ANCESTORS)
    expect(pagePolicy(pages[0]!, undefined)).toBe(withFrameAncestors(pages[0]!))
  })
})
