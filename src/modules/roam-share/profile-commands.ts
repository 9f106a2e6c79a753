import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { transaction } from '../../platform/database.ts'
import { sendJob } from '../../platform/jobs.ts'
import type { UploadedFile } from '../../platform/multipart.ts'
import { removeMediaJob } from '../media/jobs.ts'
import { avatarKey, removeMedia, storeAvatar } from '../media/uploads.ts'
import { InvalidPost, InvalidUsername, UsernameUnavailable } from './errors.ts'
import { profileDecider, profileStream } from './profile-domain.ts'
import { claimUsername, findProfile } from './profiles.ts'
import { BIO_MAX, usernameProblem } from './rules.ts'

/** Sets the caller's username, once: the claim (unique ignoring case) and the event commit together. */
export const setUsername = Effect.fn('Profile.setUsername')(function* (userId: string, username: string) {
  if (usernameProblem(username)) return yield* new InvalidUsername()
  return yield* transaction(
    Effect.gen(function* () {
      if (!(yield* claimUsername(userId, username))) return yield* new UsernameUnavailable()
      yield* handleCommand(profileDecider, profileStream(userId), { type: 'SetUsername', userId, username }, { actorId: userId })
      return { username }
    }),
  )
})

/** Updates the bio; an empty one is ignored (spec §5), as is an unchanged one. */
export const updateBio = Effect.fn('Profile.updateBio')(function* (userId: string, raw: string) {
  const bio = raw.trim()
  if (bio.length > BIO_MAX) return yield* new InvalidPost({ message: `Bio is too long (at most ${BIO_MAX} characters).` })
  if (bio === '') return { bio: (yield* findProfile(userId))?.bio ?? '' }
  const { state } = yield* handleCommand(profileDecider, profileStream(userId), { type: 'UpdateBio', userId, bio }, { actorId: userId })
  return { bio: state.bio }
})

/** A new profile picture: stored first, then the event; the old file is removed by a job after commit. */
export const changePicture = Effect.fn('Profile.changePicture')(function* (userId: string, upload: UploadedFile) {
  const { file, key } = yield* storeAvatar(upload)
  const changed = yield* transaction(
    Effect.gen(function* () {
      const result = yield* handleCommand(profileDecider, profileStream(userId), { type: 'ChangePicture', userId, file }, { actorId: userId })
      const previous = result.events[0]?.type === 'ProfilePictureChanged' ? result.events[0].data.previous : null
      if (previous) yield* sendJob(removeMediaJob.name, { keys: [avatarKey(previous)] })
      return result
    }),
  ).pipe(Effect.onError(() => removeMedia([key])))
  return { file, state: changed.state }
})
