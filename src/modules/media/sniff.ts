import { fileTypeFromFile } from 'file-type'
import fs from 'node:fs'
import { UnsupportedMedia } from './errors.ts'

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/x-m4v', 'video/3gpp'] as const

export type Kind = 'photo' | 'video'

/** Declared types browsers use for the same formats. */
const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'video/x-matroska': 'video/webm' }
const canonical = (type: string) => ALIASES[type] ?? type

/**
 * Markup that turns an image into a polyglot (an image that is also an HTML page or script). Real
 * photos never contain these byte sequences; re-encoding would drop them, but such an upload is
 * hostile and is refused outright.
 */
const MARKUP = /<script|<html|<svg|<iframe|<body|<\?php|<!doctype|javascript:|<object|<embed/i

async function containsMarkup(file: string): Promise<boolean> {
  const overlap = 16
  let tail = ''
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const text = tail + (chunk as Buffer).toString('latin1')
    if (MARKUP.test(text)) return true
    tail = text.slice(-overlap)
  }
  return false
}

const describe = (kind: Kind) => (kind === 'photo' ? 'Only JPEG, PNG, WebP or AVIF photos can be uploaded.' : 'Only MP4, MOV or WebM videos can be uploaded.')

/**
 * The real type of an upload, read from its bytes (magic numbers), never from its name or declared
 * type. Refuses anything that is not a photo (or video) format we accept, a declared type that
 * contradicts the bytes, and photos carrying markup.
 */
export async function sniff(file: string, declaredType: string, kind: Kind): Promise<string> {
  const detected = await fileTypeFromFile(file)
  const accepted: readonly string[] = kind === 'photo' ? PHOTO_TYPES : VIDEO_TYPES
  if (!detected || !accepted.includes(detected.mime)) throw new UnsupportedMedia({ message: describe(kind) })
  const declared = canonical(declaredType.split(';')[0]!.trim())
  const family = kind === 'photo' ? 'image/' : 'video/'
  if (declared !== '' && declared !== 'application/octet-stream') {
    if (!declared.startsWith(family))
      throw new UnsupportedMedia({ message: `The file's content (${detected.mime}) does not match its declared type (${declared}).` })
    if (kind === 'photo' && declared !== canonical(detected.mime)) {
      throw new UnsupportedMedia({ message: `The file's content (${detected.mime}) does not match its declared type (${declared}).` })
    }
  }
  if (kind === 'photo' && (await containsMarkup(file))) throw new UnsupportedMedia({ message: 'The image contains embedded script or markup.' })
  return detected.mime
}
