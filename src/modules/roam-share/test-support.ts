import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { authHarness } from '../auth/test-support.ts'
import * as http from './http.ts'

import { testPhoto } from '../media/test-media.ts'

export { testPhoto, testVideo } from '../media/test-media.ts'

export const blob = (bytes: Buffer | string, type: string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type })

/** The app on a fresh database with a private media directory, and helpers to act as Roam Share members. */
export async function shareHarness(options: { env?: Record<string, string> } = {}) {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-media-'))
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-work-'))
  afterAll(() => {
    fs.rmSync(mediaDir, { recursive: true, force: true })
    fs.rmSync(workDir, { recursive: true, force: true })
  })
  const harness = await authHarness({ env: { MEDIA_DIR: mediaDir, ...options.env } })
  const { call } = harness

  /** A signed-in account with a Roam Share username. */
  async function member(username: string) {
    const account = await harness.loggedIn(`${username.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`)
    const answer = await call(http.handleSetUsername, '/api/roam-share-posts/set-username', { token: account.accessToken, body: { username } })
    if (answer.status !== 200) throw new Error(`set-username failed: ${JSON.stringify(answer.body)}`)
    return { ...account, username, token: account.accessToken }
  }

  function postForm(fields: Record<string, string>, files: { field: string; blob: Blob; name: string }[] = []) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const file of files) form.append(file.field, file.blob, file.name)
    return form
  }

  async function photoPost(token: string, overrides: Record<string, string> = {}, photos?: Blob[]) {
    const images = photos ?? [blob(await testPhoto(), 'image/jpeg')]
    const form = postForm(
      { caption: 'Sunrise over the bay', location: 'Lisbon, Portugal', tags: JSON.stringify(['beaches', 'scenic views']), post_type: 'photo', ...overrides },
      images.map((image, i) => ({ field: 'images', blob: image, name: `photo-${i}.jpg` })),
    )
    return call(http.handleCreatePost, '/api/roam-share-posts', { token, form })
  }

  /** Every file under the media directory (relative paths). */
  const storedFiles = () =>
    (fs.readdirSync(mediaDir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(mediaDir, entry)).isFile()).sort()

  const feed = (token: string | undefined, query = '') => call(http.handleFeed, `/api/roam-share-posts${query}`, token ? { token } : {})

  return { ...harness, mediaDir, workDir, member, postForm, photoPost, storedFiles, feed }
}
