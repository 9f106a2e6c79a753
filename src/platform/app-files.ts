import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The app's folder (the one with its package.json), found from wherever this module runs: the sources under
 * `src/`, or the server bundle under `dist/server/`. Data files, migrations and the build are found from
 * here, never relative to a module's own file, which the bundler moves.
 */
function appRoot(): string {
  for (let folder = path.dirname(fileURLToPath(import.meta.url)); ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder
    if (folder === path.dirname(folder)) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`)
  }
}

export const APP_ROOT = appRoot()

/** A path inside the app's folder: `appFile('data', 'places')`. */
export const appFile = (...parts: readonly string[]): string => path.join(APP_ROOT, ...parts)
