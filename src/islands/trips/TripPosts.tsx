import type { Post } from '../roam-share/types.ts'
import { TripCard } from './TripCard.tsx'
import styles from './trips.module.css'

interface TripPostsProps {
  readonly posts: readonly Post[]
  readonly heading: string
  /** Opens the post, where its trip is read day by day and made one's own. */
  readonly onOpen: (post: Post) => void
}

/** A profile's trip posts, as cards (nothing when none of the posts carries a trip). */
export function TripPosts({ posts, heading, onOpen }: TripPostsProps) {
  const trips = posts.filter((post) => post.trip)
  if (trips.length === 0) return null
  return (
    <section aria-labelledby="trip-posts" className="stack">
      <h2 id="trip-posts">{heading}</h2>
      <ul className={styles.tripPosts} role="list">
        {trips.map((post) => (
          <li key={post.post_id}>
            <TripCard card={post.trip!} onView={() => onOpen(post)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
