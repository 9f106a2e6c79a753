import type { Generated } from 'kysely'
import type { StoredPhoto, StoredVideo } from '../media/uploads.ts'
import type { VideoStatus } from './post-domain.ts'
import type { TripCard } from './trip-card.ts'
import type { TripSnapshot } from '../itinerary/saved/trip-snapshot.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    /** Claimed usernames (lower-cased), taken in the transaction that sets one: unique whatever the timing. */
    username_claims: { username_lower: string; user_id: string; claimed_at: Generated<Date> }
    rs_profiles: {
      user_id: string
      username: string | null
      username_lower: string | null
      bio: string
      picture: string | null
      picture_changed_at: Date | null
      follower_count: number
      following_count: number
      blocked: boolean
    }
    rs_follows: { follower_id: string; followee_id: string; followed_at: Date }
    rs_posts: {
      post_id: string
      author_id: string
      post_type: 'photo' | 'video'
      caption: string
      location: string
      tags: string[]
      photos: StoredPhoto[]
      video: StoredVideo | null
      video_status: VideoStatus
      likes: number
      open_reports: number
      created_at: Date
      edited_at: Date | null
      seq: number
      author_blocked: boolean
      trip_card: Omit<TripCard, 'copies'> | null
      trip_places: string | null
      trip_copies: Generated<number>
      listed: Generated<boolean>
    }
    rs_post_tags: { tag: string; seq: number; post_id: string }
    rs_post_trips: { post_id: string; trip: TripSnapshot }
    rs_trip_copies: { post_id: string; copier_id: string }
    rs_likes: { post_id: string; user_id: string; liked_at: Date }
    rs_reports: {
      report_id: number
      post_id: string
      reporter_id: string
      reason: string
      reported_at: Date
      resolved_at: Date | null
      resolution: 'cleared' | 'removed' | 'deleted' | null
      author_id: string | null
    }
  }
}
