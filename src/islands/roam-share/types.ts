import type { PresentedPost } from '../../modules/roam-share/feed.ts'

/** A post as the API answers it (spec §3). */
export type Post = PresentedPost

/** A Roam Share profile (spec §3). */
export interface ShareProfile {
  readonly user_id: string
  readonly username: string | null
  readonly bio: string
  readonly profile_picture: string | null
  readonly follower_count: number
  readonly following_count: number
}

export interface UserEntry {
  readonly user_id: string
  readonly username: string
  readonly profile_picture: string | null
  readonly bio?: string
}

export interface FeedPage {
  readonly posts: Post[]
  readonly nextCursor: string | null
}

/** Where a user's public profile lives; a username starting with @ keeps it (one leading @ is stripped). */
export const profileHref = (username: string) => `/u/${username.startsWith('@') ? '@' : ''}${encodeURIComponent(username)}`

/** The post being edited travels from the profile to /create-post as navigation state (spec §2). */
export const EDIT_POST_KEY = 'roam.editPost'
