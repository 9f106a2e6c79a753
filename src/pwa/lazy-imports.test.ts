import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missingLazyDependencies } from './lazy-imports.ts'

describe('the files a lazy import preloads', () => {
  it('names each one the build did not write, with the chunk that asks for it', () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-client-'))
    fs.mkdirSync(path.join(client, '_astro'))
    fs.writeFileSync(path.join(client, '_astro/route-files.js'), 'export const gpx = 1')
    fs.writeFileSync(
      path.join(client, '_astro/page.js'),
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/route-files.js","_astro/Toast.css"])))=>i.map(i=>d[i]);',
    )
    expect(missingLazyDependencies(client)).toEqual([{ chunk: 'page.js', file: '_astro/Toast.css' }])
    fs.writeFileSync(path.join(client, '_astro/Toast.css'), '')
    expect(missingLazyDependencies(client)).toEqual([])
  })
})
