import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { testApp } from '../../test/app.ts'
import { apiInDevelopment } from './api-in-development.ts'
import { setRunningApp } from './runtime.ts'

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => void

const app = await testApp()
setRunningApp({ runtime: app.runtime, logger: app.logger, config: app.config })
afterAll(() => setRunningApp(undefined))

// What `astro dev` hands the integration: Vite's connect stack and its module loader.
let middleware: Middleware | undefined
const vite = {
  middlewares: { use: (fn: Middleware) => (middleware = fn) },
  ssrLoadModule: (id: string) => import(path.join(import.meta.dirname, '../..', id)),
}
const setup = apiInDevelopment().hooks['astro:server:setup'] as (options: { server: typeof vite }) => void
setup({ server: vite })

// Astro's own pages come after the integration's middleware (here: a 599).
const server = http.createServer((req, res) => middleware!(req, res, () => res.writeHead(599).end()))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

it('answers API calls under astro dev from the route table, body included, and leaves pages to Astro', async () => {
  const health = await fetch(`${base}/api/health`)
  expect(health.status).toBe(200)
  expect(health.headers.get('x-request-id')).toBeTruthy()
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password-1' }),
  })
  expect(login.status).toBe(401)
  expect(await login.json()).toMatchObject({ error: 'Invalid email or password.' })
  expect((await fetch(`${base}/about-us`)).status).toBe(599)
})
