/** A small local HTTP server for the places fakes: records requests, may delay or fail, counts requests in flight. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeRequest {
  readonly method: string
  readonly url: string
  readonly userAgent: string | undefined
  readonly body: string
}

export interface FakeService {
  readonly baseUrl: string
  readonly requests: FakeRequest[]
  /** Delays every answer (to test timeouts and one-at-a-time). */
  delayMs: number
  /** Answers every request with this HTTP status instead (e.g. 429, 504), when set. */
  failWith: number | undefined
  /** The most requests that were in flight at once. */
  readonly maxInFlight: () => number
  readonly close: () => Promise<void>
}

export async function startFakeService(path: string, answer: (request: FakeRequest) => [number, unknown]): Promise<FakeService> {
  const requests: FakeRequest[] = []
  let inFlight = 0
  let most = 0
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', userAgent: req.headers['user-agent'], body }
      requests.push(request)
      inFlight++
      most = Math.max(most, inFlight)
      const send = () => {
        inFlight--
        if (res.destroyed) return
        const [status, payload] =
          fake.failWith !== undefined
            ? [fake.failWith, { error: `fake failure ${fake.failWith}` }]
            : new URL(request.url, 'http://x').pathname === path
              ? answer(request)
              : [404, { error: 'not found' }]
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify(payload))
      }
      if (fake.delayMs > 0) setTimeout(send, fake.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeService = {
    baseUrl: `http://127.0.0.1:${port}${path}`,
    requests,
    delayMs: 0,
    failWith: undefined,
    maxInFlight: () => most,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
