import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { videoTools } from './tools.ts'

/** Media made on the spot for tests (unit and browser): photos with sharp, short videos with ffmpeg. */

/** A test image made with sharp: a gradient so it compresses like a photo, not a flat colour. */
export async function testPhoto(width = 800, height = 600, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const channels = 3
  const pixels = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      pixels[i] = (x * 255) / width
      pixels[i + 1] = (y * 255) / height
      pixels[i + 2] = ((x + y) * 7) % 256
    }
  }
  return sharp(pixels, { raw: { width, height, channels } })[format]().toBuffer()
}

/** A short test video made with ffmpeg (`codec` h264 is remuxed, mpeg4 is transcoded). */
export function testVideo(dir: string, seconds: number, options: { codec?: 'h264' | 'mpeg4'; name?: string } = {}): string {
  const file = path.join(dir, options.name ?? `clip-${seconds}s-${options.codec ?? 'h264'}.mp4`)
  const { ffmpeg } = videoTools({ ffmpegPath: undefined, ffprobePath: undefined })
  const video = options.codec === 'mpeg4' ? ['-c:v', 'mpeg4'] : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
  execFileSync(ffmpeg, [
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...video,
    '-c:a',
    'aac',
    '-shortest',
    '-metadata',
    'location=+48.8584+002.2945/',
    '-metadata',
    'title=secret title',
    file,
  ])
  return file
}

const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia', 'edts'])

/**
 * Rewrites an MP4's own claims of its length (movie, track and media headers, edit lists) to `seconds`,
 * leaving the samples alone: the file still plays for as long as it did.
 */
export function forgeMp4Duration(file: string, seconds: number): void {
  const bytes = fs.readFileSync(file)
  let movieScale = 1000
  const walk = (start: number, end: number) => {
    for (let at = start; at + 8 <= end;) {
      const size = bytes.readUInt32BE(at)
      const type = bytes.toString('latin1', at + 4, at + 8)
      if (size < 8) return
      const body = at + 8
      if (CONTAINER_BOXES.has(type)) walk(body, at + size)
      // Version 0 boxes only: what ffmpeg writes for short clips.
      if (type === 'mvhd') {
        movieScale = bytes.readUInt32BE(body + 12)
        bytes.writeUInt32BE(seconds * movieScale, body + 16)
      }
      if (type === 'tkhd') bytes.writeUInt32BE(seconds * movieScale, body + 20)
      if (type === 'mdhd') bytes.writeUInt32BE(seconds * bytes.readUInt32BE(body + 12), body + 16)
      if (type === 'elst') {
        const entries = bytes.readUInt32BE(body + 4)
        for (let i = 0; i < entries; i++) bytes.writeUInt32BE(seconds * movieScale, body + 8 + i * 12)
      }
      at += size
    }
  }
  walk(0, bytes.length)
  fs.writeFileSync(file, bytes)
}
