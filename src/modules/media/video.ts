import { MediaRejected, UnsupportedMedia } from './errors.ts'
import { runTool, ToolFailed, type VideoTools } from './tools.ts'

export const MAX_VIDEO_SECONDS = 180
export const MAX_VIDEO_SIDE = 4096
/** Longer side of a transcoded video. */
export const TRANSCODE_SIDE = 1280
export const POSTER_AT_SECONDS = 0.5

/** Only local files, and only real video containers: a playlist, concat list or URL never opens. */
const INPUT_GUARD = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm']

export interface VideoProbe {
  readonly duration: number
  readonly width: number
  readonly height: number
  readonly videoCodec: string
  readonly pixelFormat: string
  readonly audioCodec: string | undefined
  readonly container: string
}

interface ProbeStream {
  codec_type?: string
  codec_name?: string
  pix_fmt?: string
  width?: number
  height?: number
  disposition?: { attached_pic?: number }
}

/**
 * Reads a video's container and streams with ffprobe. Refuses what is not a real video (no video
 * stream, an unreadable or foreign container) and what is longer than three minutes.
 */
export async function probeVideo(tools: VideoTools, file: string): Promise<VideoProbe> {
  let output: string
  try {
    output = await runTool(tools.ffprobe, ['-v', 'error', ...INPUT_GUARD, '-print_format', 'json', '-show_format', '-show_streams', file], 20_000)
  } catch (error) {
    if (error instanceof ToolFailed) throw new UnsupportedMedia({ message: 'The video could not be read.' })
    throw error
  }
  const parsed = JSON.parse(output) as { format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] }
  const streams = parsed.streams ?? []
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
  if (!video || !video.width || !video.height) throw new UnsupportedMedia({ message: 'The file has no video stream.' })
  const claimed = Number(parsed.format?.duration)
  if (!Number.isFinite(claimed) || claimed <= 0) throw new UnsupportedMedia({ message: 'The video could not be read.' })
  if (claimed > MAX_VIDEO_SECONDS + 0.05) throw new MediaRejected({ message: 'Video must be less than or equal to 3 minutes.' })
  const duration = Math.max(claimed, await streamSeconds(tools, file))
  if (duration > MAX_VIDEO_SECONDS + 0.05) throw new MediaRejected({ message: 'Video must be less than or equal to 3 minutes.' })
  if (video.width > MAX_VIDEO_SIDE || video.height > MAX_VIDEO_SIDE)
    throw new MediaRejected({ message: `The video is too large (at most ${MAX_VIDEO_SIDE} pixels a side).` })
  return {
    duration,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name ?? '',
    pixelFormat: video.pix_fmt ?? '',
    audioCodec: streams.find((stream) => stream.codec_type === 'audio')?.codec_name,
    container: parsed.format?.format_name ?? '',
  }
}

/**
 * How long the streams really run (all of them: a short picture with a long sound plays as long as the
 * sound): from the first packet's timestamp to the end of the last one, read
 * from the samples themselves (a demux, no decoding), not from the duration the container claims in its
 * headers, which a file can set to anything. MP4 edit lists are ignored, as they are headers too.
 */
async function streamSeconds(tools: VideoTools, file: string): Promise<number> {
  let output: string
  try {
    output = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-ignore_editlist', '1', ...INPUT_GUARD, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
      20_000,
    )
  } catch (error) {
    if (error instanceof ToolFailed) throw new UnsupportedMedia({ message: 'The video could not be read.' })
    throw error
  }
  let first = Infinity
  let end = 0
  for (const line of output.split('\n')) {
    const [pts, length] = line.split(',').map(Number)
    if (pts === undefined || !Number.isFinite(pts)) continue
    first = Math.min(first, pts)
    end = Math.max(end, pts + (Number.isFinite(length) ? length! : 0))
  }
  return Number.isFinite(first) ? end - first : 0
}

/** Browsers play H.264 (8-bit 4:2:0) with AAC or no sound from MP4 without a re-encode. */
export function canRemux(probe: VideoProbe): boolean {
  const container = probe.container.split(',')
  return (
    container.includes('mp4') &&
    probe.videoCodec === 'h264' &&
    ['yuv420p', 'yuvj420p'].includes(probe.pixelFormat) &&
    (probe.audioCodec === undefined || probe.audioCodec === 'aac')
  )
}

const NO_METADATA = ['-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1']
/** An even length of at most `side` for the `dimension` (iw or ih); quoted, as its comma would split the filter. */
const evenAtMost = (side: number, dimension: 'iw' | 'ih') => `'trunc(min(${side},${dimension})/2)*2'`

/**
 * Writes a faststart MP4 without metadata (location, device, dates): remuxed when the streams are
 * already H.264/AAC, transcoded otherwise (longer side at most 1280 px). The first video and audio
 * streams only; subtitles and data tracks are dropped.
 */
export async function normalizeVideo(tools: VideoTools, input: string, output: string, probe: VideoProbe): Promise<'remuxed' | 'transcoded'> {
  const maps = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn']
  // Cut at the limit as well: whatever a file claims, what is published never plays longer.
  const common = [
    '-y',
    '-v',
    'error',
    ...INPUT_GUARD,
    '-i',
    input,
    ...maps,
    ...NO_METADATA,
    '-t',
    String(MAX_VIDEO_SECONDS),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ]
  if (canRemux(probe)) {
    await runTool(tools.ffmpeg, [...common, '-c', 'copy', output], 120_000)
    return 'remuxed'
  }
  const landscape = probe.width >= probe.height
  const scale = landscape ? `scale=${evenAtMost(TRANSCODE_SIDE, 'iw')}:-2` : `scale=-2:${evenAtMost(TRANSCODE_SIDE, 'ih')}`
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      '-vf',
      scale,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-threads',
      '2',
      output,
    ],
    30 * 60_000,
  )
  return 'transcoded'
}

/** The frame at 0.5 s (or the first, for a shorter clip) as a JPEG. */
export async function extractPoster(tools: VideoTools, video: string, output: string, duration: number): Promise<void> {
  const at = duration > POSTER_AT_SECONDS ? POSTER_AT_SECONDS : 0
  await runTool(
    tools.ffmpeg,
    ['-y', '-v', 'error', ...INPUT_GUARD, '-ss', String(at), '-i', video, '-frames:v', '1', '-q:v', '2', '-f', 'image2', output],
    60_000,
  )
}
