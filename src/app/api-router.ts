import { addRoute, createRouter, findRoute } from 'rou3'
import type { ApiRoute, ApiRoutes } from '../platform/api-route.ts'

export interface MatchedRoute<R> {
  readonly route: ApiRoute<R>
  /** The path's `{name}` segments, percent-decoded. */
  readonly params: Record<string, string>
}

export type ApiRouter<R> = (method: string, pathname: string) => MatchedRoute<R> | undefined

/**
 * Finds the route a request is for: by method (`HEAD` as `GET`) and raw path (a trailing slash is
 * ignored). A path that names no route, or whose parameters are not valid percent-encoding, is not one.
 * Fails at start on a route declared twice or a path outside the `/a/{b}` notation.
 */
export function apiRouter<R>(routes: ApiRoutes<R>): ApiRouter<R> {
  const router = createRouter<ApiRoute<R>>()
  const declared = new Set<string>()
  for (const route of routes) {
    if (!/^(\/([\w.-]+|\{\w+\}))+$/.test(route.path)) throw new Error(`${route.method} ${route.path}: a path is /segment or /{name} segments`)
    const pattern = route.path.replace(/\{(\w+)\}/g, ':$1')
    const key = `${route.method} ${pattern.replace(/:\w+/g, ':')}`
    if (declared.has(key)) throw new Error(`${route.method} ${route.path} is declared twice`)
    declared.add(key)
    addRoute(router, route.method, pattern, route)
  }
  return (method, pathname) => {
    const found = findRoute(router, method, pathname) ?? (method === 'HEAD' ? findRoute(router, 'GET', pathname) : undefined)
    if (!found) return undefined
    const params: Record<string, string> = {}
    try {
      for (const [name, value] of Object.entries(found.params ?? {})) params[name] = decodeURIComponent(value)
    } catch {
      return undefined
    }
    return { route: found.data, params }
  }
}
