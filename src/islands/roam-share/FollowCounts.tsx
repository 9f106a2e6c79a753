import styles from './follow-counts.module.css'
import type { ShareProfile } from './types.ts'
import type { UserListKind } from './UserListModal.tsx'

/** Follower and following counts, each opening its list (spec §2 Profile). */
export function FollowCounts({ profile, onOpen }: { profile: ShareProfile; onOpen: (kind: UserListKind) => void }) {
  return (
    <p className="cluster">
      <button type="button" className={styles.count} onClick={() => onOpen('followers')}>
        <strong>{profile.follower_count}</strong> {profile.follower_count === 1 ? 'Follower' : 'Followers'}
      </button>
      <button type="button" className={styles.count} onClick={() => onOpen('following')}>
        <strong>{profile.following_count}</strong> Following
      </button>
    </p>
  )
}
