import { Result, Schema } from 'effect'
import type { Decider } from '../../events/decider.ts'
import { events, type EventOf } from '../../events/event-set.ts'
import { UsernameUnavailable } from './errors.ts'

/**
 * The Roam Share profile: one `profile-<userId>` stream per user, the user's own (purged with the
 * account). Username and bio are what the user chose to show publicly; the picture is a file name.
 */
export const ProfileEvents = events({
  UsernameSet: { userId: Schema.String, username: Schema.String },
  BioUpdated: { userId: Schema.String, bio: Schema.String },
  ProfilePictureChanged: { userId: Schema.String, file: Schema.String, previous: Schema.NullOr(Schema.String) },
})
export type ProfileEvent = EventOf<typeof ProfileEvents>

export const profileStream = (userId: string) => `profile-${userId}`

export interface ProfileState {
  readonly username: string | null
  readonly bio: string
  readonly picture: string | null
}

export type ProfileCommand =
  | { readonly type: 'SetUsername'; readonly userId: string; readonly username: string }
  | { readonly type: 'UpdateBio'; readonly userId: string; readonly bio: string }
  | { readonly type: 'ChangePicture'; readonly userId: string; readonly file: string }

export const initialProfileState: ProfileState = { username: null, bio: '', picture: null }

export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'UsernameSet':
      return { ...state, username: event.data.username }
    case 'BioUpdated':
      return { ...state, bio: event.data.bio }
    case 'ProfilePictureChanged':
      return { ...state, picture: event.data.file }
  }
}

type Decision = Result.Result<readonly ProfileEvent[], UsernameUnavailable>

export function decideProfile(command: ProfileCommand, state: ProfileState): Decision {
  const { userId } = command
  switch (command.type) {
    case 'SetUsername':
      // Once, irreversibly (spec §4).
      return state.username === null
        ? Result.succeed([{ type: 'UsernameSet', data: { userId, username: command.username } }])
        : Result.fail(new UsernameUnavailable())
    case 'UpdateBio':
      return Result.succeed(state.bio === command.bio ? [] : [{ type: 'BioUpdated', data: { userId, bio: command.bio } }])
    case 'ChangePicture':
      return Result.succeed([{ type: 'ProfilePictureChanged', data: { userId, file: command.file, previous: state.picture } }])
  }
}

export const profileDecider: Decider<ProfileCommand, ProfileEvent, ProfileState, UsernameUnavailable> = {
  streamType: 'profile',
  events: ProfileEvents,
  initialState: initialProfileState,
  evolve: evolveProfile,
  decide: decideProfile,
}
