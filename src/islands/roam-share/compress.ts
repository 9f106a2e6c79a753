/**
 * Photos are compressed in the browser before upload (spec §9: at most 1 MB and 1200 px, initial
 * quality 0.85, in a background worker); if compression fails, the original is sent and the server
 * re-encodes it anyway.
 */
let worker: Worker | undefined
let next = 0
const waiting = new Map<number, (file: File | undefined) => void>()

function compressor(): Worker | undefined {
  if (worker || typeof Worker === 'undefined') return worker
  try {
    worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<{ id: number; file?: Blob; error?: string }>) => {
      const settle = waiting.get(event.data.id)
      waiting.delete(event.data.id)
      settle?.(event.data.file ? (event.data.file as File) : undefined)
    }
    worker.onerror = () => {
      for (const settle of waiting.values()) settle(undefined)
      waiting.clear()
    }
  } catch {
    worker = undefined
  }
  return worker
}

export async function compressPhoto(file: File): Promise<File> {
  const target = compressor()
  if (!target) return file
  const id = ++next
  const compressed = await new Promise<File | undefined>((resolve) => {
    waiting.set(id, resolve)
    target.postMessage({ id, file })
    setTimeout(() => {
      if (waiting.delete(id)) resolve(undefined)
    }, 60_000)
  })
  if (!compressed || compressed.size === 0) return file
  const name = file.name.replace(/\.[^.]+$/, '') + (compressed.type === 'image/png' ? '.png' : compressed.type === 'image/webp' ? '.webp' : '.jpg')
  return new File([compressed], name, { type: compressed.type || file.type })
}

/** A video's length in seconds, read by the browser from its metadata (NaN when it cannot tell). */
export function videoDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const video = document.createElement('video')
    const url = URL.createObjectURL(file)
    const done = (value: number) => {
      URL.revokeObjectURL(url)
      resolve(value)
    }
    video.preload = 'metadata'
    video.onloadedmetadata = () => done(video.duration)
    video.onerror = () => done(Number.NaN)
    video.src = url
  })
}
