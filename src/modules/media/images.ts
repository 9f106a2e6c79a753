import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { MediaRejected, UnsupportedMedia } from './errors.ts'

// Only the decoders of the formats we accept: a file that slips past sniffing still cannot reach
// the SVG, PDF, TIFF, GIF or raw loaders.
sharp.block({ operation: ['VipsForeignLoad'] })
sharp.unblock({
  operation: [
    'VipsForeignLoadJpegFile',
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadPngFile',
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadWebpFile',
    'VipsForeignLoadWebpBuffer',
    'VipsForeignLoadHeifFile',
    'VipsForeignLoadHeifBuffer',
  ],
})

/** Photos above this many pixels are refused before they are decoded (a pixel bomb is tiny on disk). */
export const MAX_INPUT_PIXELS = 50_000_000
export const PHOTO_MAX_SIDE = 1200
export const PHOTO_MAX_BYTES = 1024 * 1024
export const THUMB_SIDE = 480
export const AVATAR_SIDE = 400

export interface Placeholder {
  /** Dominant colour, `#rrggbb`. */
  readonly color: string
  /** A ThumbHash (base64): a ~25-byte blurred preview the browser paints while the image loads. */
  readonly hash: string
}

export interface ProcessedPhoto extends Placeholder {
  readonly main: Buffer
  readonly thumb: Buffer
  readonly width: number
  readonly height: number
}

const input = (file: string | Buffer) => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })

async function checkDimensions(file: string | Buffer) {
  let metadata: Metadata
  try {
    // Reads the header only; the pixel limit is ours to apply, with a clearer message.
    metadata = await sharp(file, { limitInputPixels: false }).metadata()
  } catch {
    throw new UnsupportedMedia({ message: 'The image could not be read.' })
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0)
  if (pixels === 0) throw new UnsupportedMedia({ message: 'The image could not be read.' })
  if (pixels > MAX_INPUT_PIXELS) throw new MediaRejected({ message: `The image is too large (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).` })
}

async function decodeFailure<A>(work: Promise<A>): Promise<A> {
  try {
    return await work
  } catch (error) {
    if (error instanceof MediaRejected || error instanceof UnsupportedMedia) throw error
    throw new UnsupportedMedia({ message: 'The image could not be read.' })
  }
}

/** JPEG at the highest quality that fits the byte budget. */
async function jpegWithin(pipeline: Sharp, maxBytes: number): Promise<{ data: Buffer; info: OutputInfo }> {
  const qualities = [82, 72, 62, 50, 40]
  for (const quality of qualities) {
    const out = await pipeline.clone().jpeg({ quality, mozjpeg: true }).toBuffer({ resolveWithObject: true })
    if (out.data.length <= maxBytes || quality === qualities.at(-1)) return out
  }
  throw new Error('unreachable')
}

export async function placeholderOf(image: Buffer): Promise<Placeholder> {
  const small = await sharp(image).resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const hash = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString('base64')
  const { dominant } = await sharp(image).stats()
  const hex = (value: number) => value.toString(16).padStart(2, '0')
  return { hash, color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` }
}

/**
 * A photo as we publish it: upright (EXIF orientation applied), every metadata block (EXIF, GPS, XMP,
 * comments) dropped by re-encoding, at most 1200 px on its longer side and 1 MB, plus a square grid
 * thumbnail and a placeholder.
 */
export async function processPhoto(file: string | Buffer): Promise<ProcessedPhoto> {
  await checkDimensions(file)
  return decodeFailure(
    (async () => {
      const upright = input(file)
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      const main = await jpegWithin(upright, PHOTO_MAX_BYTES)
      const thumb = await sharp(main.data).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).webp({ quality: 72 }).toBuffer()
      return { main: main.data, thumb, width: main.info.width, height: main.info.height, ...(await placeholderOf(thumb)) }
    })(),
  )
}

/** A profile picture: upright, metadata dropped, cropped to a 400 px square. */
export async function processAvatar(file: string | Buffer): Promise<Buffer> {
  await checkDimensions(file)
  return decodeFailure(
    input(file)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer(),
  )
}
