import type { ServerResponse } from 'node:http'

/** Every directive but script-src and style-src, which Astro fills with hashes on its pages. */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]

/**
 * Headers for every response. Astro replaces the policy on the pages it renders with one that limits
 * scripts and styles to hashes and carries the same other directives (astro.config.mjs); prerendered
 * pages get that policy as a `<meta>`, which cannot express frame-ancestors, so this header stays.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': ["script-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline'", ...CSP_DIRECTIVES].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
}

export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
}
