import { createHash } from 'node:crypto'

/**
 * The shared itinerary page's only script: a link opened as the very first visit to Roam registers the
 * service worker once the page has loaded and has it fetch this page into its page cache (it could not see
 * the page's own request), so the link opens offline from then on. register.ts does the same for the app's
 * pages. Written small by hand and inlined as a classic script at the top of the page, so it costs no
 * request and, unlike a module script, does not hold DOMContentLoaded until the style sheet has arrived.
 */
export const KEEP_SHARED_PAGE_SCRIPT =
  "addEventListener('load',()=>{const w=navigator.serviceWorker,first=w&&!w.controller;" +
  "w&&w.register('/sw.js').then(()=>w.ready).then((r)=>{first&&r.active&&r.active.postMessage(" +
  "{type:'CACHE_URLS',payload:{urlsToCache:[[location.href,{headers:{accept:'text/html'}}]]}})}).catch(()=>{})})"

/** Its Content-Security-Policy hash: Astro's policy allows inline scripts by hash only. */
export const KEEP_SHARED_PAGE_HASH = `sha256-${createHash('sha256').update(KEEP_SHARED_PAGE_SCRIPT).digest('base64')}`
