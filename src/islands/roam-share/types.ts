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

export { profilePath as profileHref } from '../../modules/roam-share/rules.ts'

/** The post being edited travels from the profile to /create-post as navigation state (spec §2). */
export const EDIT_POST_KEY = 'roam.editPost'
