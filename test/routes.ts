import fs from 'node:fs'
import path from 'node:path'

const PAGES = path.resolve(import.meta.dirname, '../src/pages')
const METHOD_EXPORT = /^export const (GET|POST|PUT|PATCH|DELETE|ALL)\b/gm

/** Page files that answer HTTP methods themselves (`export const GET = ...`): none, API routes are in src/app/api-routes.ts. */
export function pageEndpoints(dir = PAGES): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) routes.push(...pageEndpoints(file))
    else if (/\.(ts|js)$/.test(entry.name)) {
      const route = `/${path
        .relative(PAGES, file)
        .replace(/\.(ts|js)$/, '')
        .replace(/(^|\/)index$/, '')}`
      for (const [, method] of fs.readFileSync(file, 'utf8').matchAll(METHOD_EXPORT)) routes.push({ method: method!, path: route })
    }
  }
  return routes
}

/** Every page the app serves, read from the `.astro` files; dynamic segments get `example`. */
export function pagePaths(dir = PAGES): string[] {
  const paths: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) paths.push(...pagePaths(file))
    else if (entry.name.endsWith('.astro')) {
      const route = path
        .relative(PAGES, file)
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, '')
        .replace(/\[[^\]]+\]/g, 'example')
      paths.push(`/${route}`)
    }
  }
  return paths.sort()
}
