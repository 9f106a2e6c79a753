import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

/** The icon files the web app manifest names, all drawn from `public/logo.svg`. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-192.png', size: 192, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
] as const

/**
 * A maskable icon is cut to a circle, squircle or rounded square by the launcher: the logo's square is
 * drawn edge to edge (no rounded corners of its own), so only its teal ground is cut away; the compass
 * sits inside the central 80 % that every mask keeps.
 */
const fullBleed = (svg: string) => svg.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1')

/**
 * Draws the PNG icons. Call it before the build loads the app's modules: the media module blocks sharp's
 * SVG decoder for the whole process (uploads must never be decoded as SVG).
 */
export async function drawIcons(logoFile: string): Promise<Map<string, Buffer>> {
  const logo = fs.readFileSync(logoFile, 'utf8')
  const drawn = new Map<string, Buffer>()
  for (const icon of ICONS) {
    const svg = Buffer.from(icon.maskable ? fullBleed(logo) : logo)
    const png = await sharp(svg, { density: Math.ceil((72 * icon.size) / 64) })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toBuffer()
    drawn.set(icon.file, png)
  }
  return drawn
}

/** Writes drawn icons into `<clientDir>/icons/`. */
export function writeIcons(icons: ReadonlyMap<string, Buffer>, clientDir: string): void {
  const dir = path.join(clientDir, 'icons')
  fs.mkdirSync(dir, { recursive: true })
  for (const [file, png] of icons) fs.writeFileSync(path.join(dir, file), png)
}
