import { removeMediaJob } from '../modules/media/jobs.ts'
import { processVideoJob } from '../modules/roam-share/video-job.ts'
import type { JobDefinition } from '../platform/jobs.ts'

/** Every kind of background job, with its queue policy: a module adds its definitions here. */
export const jobDefinitions: readonly JobDefinition[] = [removeMediaJob, processVideoJob]
