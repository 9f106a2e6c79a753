import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { Context, Effect, Layer } from 'effect'
import { Config } from '../../platform/config.ts'

const require = createRequire(import.meta.url)

/** The ffmpeg and ffprobe binaries: FFMPEG_PATH / FFPROBE_PATH, or the ones the installer packages ship. */
export interface VideoTools {
  readonly ffmpeg: string
  readonly ffprobe: string
}

export function videoTools(config: { ffmpegPath: string | undefined; ffprobePath: string | undefined }): VideoTools {
  return {
    ffmpeg: config.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: config.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  }
}

export class VideoToolbox extends Context.Service<VideoToolbox, VideoTools>()('roam/VideoToolbox') {
  static readonly layer = Layer.effect(
    VideoToolbox,
    Effect.gen(function* () {
      return videoTools(yield* Config)
    }),
  )
}

export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly detail: string,
    readonly timedOut: boolean,
  ) {
    super(`${tool} ${timedOut ? 'timed out' : 'failed'}: ${detail.slice(-500)}`)
  }
}

/** Runs a binary with an argument array (no shell), a time limit and a bounded output. */
export function runTool(binary: string, args: readonly string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new ToolFailed(binary.split('/').pop() ?? binary, stderr || error.message, error.killed === true))
      else resolve(stdout)
    })
  })
}
