import fs from 'node:fs'
import http from 'node:http'
import { freePort } from '../src/platform/free-port.ts'

/**
 * A deployment in front of the running app: forwards every request to it, except `/sw.js` once
 * `deploy(worker)` was called, which from then on answers the given service worker file (the next version).
 */
export async function startVersionProxy(appPort: number) {
  let nextWorker: Buffer | undefined
  const server = http.createServer((req, res) => {
    if (nextWorker && req.url?.split('?')[0] === '/sw.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache', 'content-length': nextWorker.length })
      res.end(nextWorker)
      return
    }
    const upstream = http.request({ host: '127.0.0.1', port: appPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deploy: (workerFile: string) => {
      nextWorker = fs.readFileSync(workerFile)
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
