import type { JobDefinition } from '../../platform/jobs.ts'
import { removeMedia } from './uploads.ts'

/** Removes media that nothing refers to any more (a deleted post, a replaced picture), with retries. */
export const removeMediaJob: JobDefinition<{ readonly keys: readonly string[] }> = {
  name: 'media.remove',
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  run: (data) => removeMedia(data.keys),
}
