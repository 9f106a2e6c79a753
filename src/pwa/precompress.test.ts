import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompress } from './precompress.ts'

let dir = ''
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('precompressing the client build', () => {
  it('writes Brotli and gzip twins of text files worth it, and leaves images and tiny files alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-precompress-'))
    fs.mkdirSync(path.join(dir, '_astro'))
    const script = 'export const days = ["Paris", "Rome"];\n'.repeat(200)
    fs.writeFileSync(path.join(dir, '_astro', 'client.abc123.js'), script)
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{color:red}')
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7))

    const result = precompress(dir)

    expect(result.files).toBe(1)
    const file = path.join(dir, '_astro', 'client.abc123.js')
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script)
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script)
    expect(result.brotliBytes).toBeLessThan(result.bytes / 10)
    expect(fs.existsSync(path.join(dir, 'tiny.css.br'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'photo.png.br'))).toBe(false)
  })
})
