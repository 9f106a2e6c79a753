import { randomBytes } from 'node:crypto'

/** The folders media are served from (`/uploads/<folder>/<file>`), plus the private one for uploads in processing. */
export const PUBLIC_FOLDERS = ['roam_share_posts', 'profile_pictures'] as const
export type PublicFolder = (typeof PUBLIC_FOLDERS)[number]

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
}

/**
 * Every served file name is one we generated: 24 lowercase base32 characters, an optional suffix
 * (`-thumb`, `-poster`) and a known extension. Anything else (`..`, slashes, other extensions) is
 * refused before storage is asked.
 */
export const SERVED_NAME = /^[a-z2-7]{24}(-[a-z]{1,12})?\.(jpg|webp|mp4)$/

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** A fresh random stem (120 bits), e.g. `k3jq…`. */
export function newStem(): string {
  return [...randomBytes(24)].map((byte) => BASE32[byte & 31]).join('')
}

export const keyOf = (folder: PublicFolder | 'incoming', file: string) => `${folder}/${file}`

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

export function isServedName(folder: string, file: string): folder is PublicFolder {
  return (PUBLIC_FOLDERS as readonly string[]).includes(folder) && SERVED_NAME.test(file)
}
