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

/** A policy Astro put in a page's header (it drops ours) with frame-ancestors added back. */
export const withFrameAncestors = (policy: string) => (policy.includes('frame-ancestors') ? policy : `${policy.replace(/;\s*$/, '')}; ${FRAME_ANCESTORS}`)

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

export function applySecurityHeaders(res: ServerResponse, options: { readonly https: boolean }): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
  if (options.https) res.setHeader('Strict-Transport-Security', HSTS)
}
