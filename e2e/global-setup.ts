import { startApp } from './app-server.ts'

/** Starts the app for the browser tests and stops it after the run. Tests read E2E_BASE_URL and E2E_DATA_DIR. */
export default async function globalSetup() {
  const app = await startApp()
  process.env.E2E_BASE_URL = app.baseUrl
  process.env.E2E_DATA_DIR = app.dataDir
  return app.stop
}
