import imageCompression from 'browser-image-compression'

/** Compresses one photo off the main thread (spec §9: 1 MB, 1200 px, initial quality 0.85). */
self.onmessage = async (event: MessageEvent<{ id: number; file: File }>) => {
  const { id, file } = event.data
  try {
    const compressed = await imageCompression(file, { maxSizeMB: 1, maxWidthOrHeight: 1200, initialQuality: 0.85, useWebWorker: false })
    self.postMessage({ id, file: compressed })
  } catch (error) {
    self.postMessage({ id, error: String(error) })
  }
}
