import { startApp } from './app-server.ts'
import { startTileServer } from './map-tiles.ts'

/**
 * Starts the street map's test tiles and the app for the browser tests, and stops both after the run. Tests
 * read E2E_BASE_URL, E2E_DATA_DIR and E2E_MAP_STYLE_URL.
 */
export default async function globalSetup() {
  const tiles = await startTileServer()
  const app = await startApp({ env: { MAP_STYLE_URL: tiles.styleUrl } })
  process.env.E2E_BASE_URL = app.baseUrl
  process.env.E2E_DATA_DIR = app.dataDir
  process.env.E2E_MAP_STYLE_URL = tiles.styleUrl
  return async () => {
    await app.stop()
    await tiles.stop()
  }
}
