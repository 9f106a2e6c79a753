/** Files `astro build` writes beside the server entry (`dist/server/`), named where both the build and the server read them. */
export const PLAN_WORKER_FILE = 'plan-worker.mjs'
