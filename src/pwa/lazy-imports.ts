import fs from 'node:fs'
import path from 'node:path'

/**
 * The files a client chunk's lazy imports preload (the bundler's dependency map, `m.f=[…]`) that the build
 * did not write. A missing one makes that import fail in the browser: a stylesheet the build folded into a
 * page's was still named by the GPX download's import, which then never ran.
 */
export function missingLazyDependencies(clientDir: string): Array<{ readonly chunk: string; readonly file: string }> {
  const assets = path.join(clientDir, '_astro')
  if (!fs.existsSync(assets)) return []
  const missing: Array<{ chunk: string; file: string }> = []
  for (const chunk of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, chunk), 'utf8')
    for (const [, list] of code.matchAll(/\bm\.f=\[([^\]]*)\]/g)) {
      for (const [, file] of list!.matchAll(/["'`]([^"'`]+)["'`]/g)) {
        if (!fs.existsSync(path.join(clientDir, file!))) missing.push({ chunk, file: file! })
      }
    }
  }
  return missing
}
