import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import { afterAll } from 'vitest'
import { freePort } from '../src/platform/free-port.ts'

/**
 * A local S3-compatible server (s3rver) with one bucket, for the object-store media adapter. Returns
 * the S3_* environment that points the app at it; it stops when the test file ends.
 */
export async function localS3(bucket = 'roam-media'): Promise<Record<string, string>> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-s3-'))
  const port = await freePort()
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  await server.run()
  afterAll(async () => {
    await server.close()
    fs.rmSync(directory, { recursive: true, force: true })
  })
  return {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
}
