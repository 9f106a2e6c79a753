const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a browser sent this write from another site. The app's origin is PUBLIC_BASE_URL's, not the
 * request URL's: behind a TLS-terminating proxy the app itself is reached over plain http. A request
 * without `Origin` and `Sec-Fetch-Site` is not from a browser page, so it cannot be a cross-site forgery.
 */
export function isCrossSiteRequest(request: Request, publicBaseUrl: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return true
  const origin = request.headers.get('origin')
  return origin !== null && origin !== new URL(publicBaseUrl).origin
}

/** A cross-site request with a method that changes something (Astro's own origin check compares with the wrong origin behind a proxy). */
export const isCrossSiteWrite = (request: Request, publicBaseUrl: string) => !SAFE_METHODS.has(request.method) && isCrossSiteRequest(request, publicBaseUrl)
