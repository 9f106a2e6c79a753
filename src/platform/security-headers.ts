import type { ServerResponse } from 'node:http'

/**
 * Every directive but script-src and style-src, which Astro fills with hashes on its pages, and
 * frame-ancestors, which a `<meta>` policy cannot carry (browsers ignore it there and log an error).
 */
export const PAGE_CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
]

export const FRAME_ANCESTORS = "frame-ancestors 'none'"

/**
 * A page policy that lets the street map reach its one host (the origin of MAP_STYLE_URL: its style, tiles,
 * sprites and glyphs) and run its worker, which MapLibre starts from a blob.
 */
export function withMapHost(policy: string, styleUrl: string | undefined): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
  const origin = styleUrl ? new URL(styleUrl).origin : undefined
  const widened = directives.map((directive) => {
    const [name] = directive.split(/\s+/)
    if (origin && (name === 'connect-src' || name === 'img-src') && !directive.split(/\s+/).includes(origin)) return `${directive} ${origin}`
    return directive
  })
  if (origin && !widened.some((directive) => directive.startsWith('worker-src'))) widened.push("worker-src 'self' blob:")
  return widened.join('; ')
}

/** A policy Astro put in a page's header (it drops ours) with frame-ancestors added back. */
export const withFrameAncestors = (policy: string) => (policy.includes('frame-ancestors') ? policy : `${policy.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`)

/** How many page policies `pagePolicy` keeps worked out: Astro's pages send a few (one per set of inline hashes). */
const PAGE_POLICIES_KEPT = 64
const pagePolicies = new Map<string, string>()

/**
 * The header policy of a page Astro answered with `policy`: frame-ancestors added back and the street map's
 * host let in. Worked out once per policy and map and kept (the oldest dropped past `PAGE_POLICIES_KEPT`).
 */
export function pagePolicy(policy: string, styleUrl: string | undefined): string {
  // A header value holds no line break, so the key names the pair.
  const key = `${styleUrl ?? ''}\n${policy}`
  let full = pagePolicies.get(key)
  if (full === undefined) {
    full = withMapHost(withFrameAncestors(policy), styleUrl)
    if (pagePolicies.size >= PAGE_POLICIES_KEPT) pagePolicies.delete(pagePolicies.keys().next().value!)
    pagePolicies.set(key, full)
  }
  return full
}

/**
 * Headers for every response. Astro adds to its pages a `<meta>` policy that limits scripts and styles
 * to hashes (astro.config.mjs); a page must pass both. frame-ancestors is only here, in the header.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': ["script-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline'", ...PAGE_CSP_DIRECTIVES, "frame-ancestors 'none'"].join(
    '; ',
  ),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
}

/** Browsers that reached us over https once keep to https for a year (only sent when PUBLIC_BASE_URL is https). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * The headers for every response of an app whose street map uses `mapStyleUrl`: the policy names the map's
 * host too, since the service worker (whose script this policy governs) keeps the map's style and tiles.
 */
export function securityHeaders(mapStyleUrl: string | undefined): Readonly<Record<string, string>> {
  return { ...SECURITY_HEADERS, 'Content-Security-Policy': withMapHost(SECURITY_HEADERS['Content-Security-Policy']!, mapStyleUrl) }
}

export function applySecurityHeaders(res: ServerResponse, options: { readonly https: boolean; readonly headers?: Readonly<Record<string, string>> }): void {
  for (const [name, value] of Object.entries(options.headers ?? SECURITY_HEADERS)) res.setHeader(name, value)
  if (options.https) res.setHeader('Strict-Transport-Security', HSTS)
}
