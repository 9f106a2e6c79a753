import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { contentTypeOf } from './names.ts'
import type { MediaStorage } from './storage.ts'

/** Media as files under one directory (MEDIA_DIR). Writes land whole or not at all (temp file + rename). */
export function localStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key)
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`media key outside the media directory: ${key}`)
    return file
  }
  const stat = async (key: string) => {
    try {
      const stats = await fs.promises.stat(fileOf(key))
      return stats.isFile() ? stats : undefined
    } catch {
      return undefined
    }
  }
  return {
    kind: 'local',
    put: async (key, source) => {
      const file = fileOf(key)
      await fs.promises.mkdir(path.dirname(file), { recursive: true })
      const temp = `${file}.${randomUUID()}.part`
      try {
        if ('bytes' in source) await fs.promises.writeFile(temp, source.bytes, { mode: 0o644 })
        else await fs.promises.copyFile(source.path, temp)
        await fs.promises.rename(temp, file)
      } finally {
        await fs.promises.rm(temp, { force: true })
      }
    },
    size: async (key) => (await stat(key))?.size,
    read: async (key, range) => {
      if (!(await stat(key))) return undefined
      return { body: fs.createReadStream(fileOf(key), range ?? {}), contentType: contentTypeOf(key) }
    },
    download: async (key, toPath) => {
      await pipeline(fs.createReadStream(fileOf(key)), fs.createWriteStream(toPath, { mode: 0o600 }))
    },
    remove: async (keys) => {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })))
    },
  }
}
