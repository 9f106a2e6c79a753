import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export interface TileServer {
  /** The style the app is given as MAP_STYLE_URL. */
  readonly styleUrl: string
  readonly stop: () => Promise<void>
}

/**
 * The street map's host for the browser tests: a MapLibre style with one raster source, and its tiles (a
 * plain 256-pixel square for any z/x/y), on a local port. `GET /tiles-served` says how many tiles it sent.
 */
export async function startTileServer(): Promise<TileServer> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe8e2' } })
    .png()
    .toBuffer()
  let served = 0
  const server = http.createServer((request, response) => {
    const origin = `http://${request.headers.host}`
    const cors = { 'access-control-allow-origin': '*' }
    if (request.url === '/style.json') {
      const style = {
        version: 8,
        sources: {
          streets: { type: 'raster', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], tileSize: 256, attribution: '© OpenStreetMap contributors (test tiles)' },
        },
        layers: [
          { id: 'ground', type: 'background', paint: { 'background-color': '#eef2f0' } },
          { id: 'streets', type: 'raster', source: 'streets' },
        ],
      }
      response.writeHead(200, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(style))
    } else if (request.url?.startsWith('/tiles/')) {
      served++
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', ...cors }).end(tile)
    } else if (request.url === '/tiles-served') {
      response.writeHead(200, { 'content-type': 'application/json', ...cors }).end(String(served))
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    styleUrl: `http://127.0.0.1:${port}/style.json`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
