import type { Handler } from './http.ts'

/**
 * One API route, declared once in its module's `http.ts` (`src/app/api-routes.ts` gathers them): the server
 * answers it before Astro's page pipeline, the hostile-input test fuzzes it, `npm run cli -- routes` lists it.
 */
export interface ApiRoute<R> {
  /** A `GET` route answers `HEAD` too. */
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** As the spec writes it: `/api/things/{id}`. A `{name}` is one path segment, percent-decoded into `params.name`. */
  readonly path: string
  readonly handler: Handler<R>
  /** What the route reads from the request body: JSON, a multipart upload, or nothing. */
  readonly body: 'json' | 'multipart' | 'none'
  /** `bearer`: the handler wants an access token (401 without one); `public`: anyone may call it. */
  readonly auth: 'public' | 'bearer'
  /**
   * `private`: a 200 answer may be kept by the caller's own browser for offline use (`Cache-Control: private,
   * no-cache`, revalidated every time; the service worker keeps it for that member alone). Every other answer
   * is `no-store`.
   */
  readonly offline?: 'private'
}

/** What a `GET` route with `offline: 'private'` answers with, in place of `no-store`. */
export const PRIVATE_COPY = 'private, no-cache'

/** A module's routes: `export const bucketListRoutes = [...] satisfies ApiRoutes`. */
export type ApiRoutes<R = unknown> = readonly ApiRoute<R>[]
