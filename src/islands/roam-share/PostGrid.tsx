import { Avatar } from './Avatar.tsx'
import { HeartIcon, PhotosIcon, PinIcon, PlayIcon } from './icons.tsx'
import styles from './post-grid.module.css'
import { profileHref, type Post } from './types.ts'

interface PostGridProps {
  posts: readonly Post[]
  onOpen: (post: Post) => void
  /** Likes from the tile itself (the feed and public profiles); without it the count is only shown. */
  onLike?: (post: Post) => void
  /** Extra actions under each card (Edit Post / Delete Post on the own profile). */
  actions?: (post: Post) => React.ReactNode
}

function label(post: Post) {
  const what = post.post_type === 'video' ? 'Video' : post.images.length > 1 ? `${post.images.length} photos` : 'Photo'
  const trip = post.trip ? `, with a ${post.trip.days}-day trip` : ''
  return `${what} by ${post.username ?? 'a traveller'} at ${post.location}${trip}`
}

/**
 * Square photos (painted with the post's colour until they load) with their author, place and likes
 * below, a mark for several photos or a video; a click on the photo opens the post.
 */
export function PostGrid({ posts, onOpen, onLike, actions }: PostGridProps) {
  return (
    <ul className={styles.grid} role="list">
      {posts.map((post) => (
        <li key={post.post_id} className={styles.item}>
          <button
            type="button"
            className={styles.photo}
            onClick={() => onOpen(post)}
            aria-label={label(post)}
            style={{ backgroundColor: post.placeholder?.color ?? undefined }}
          >
            {post.thumb_url ? (
              <img src={post.thumb_url} alt="" loading="lazy" decoding="async" width={480} height={480} />
            ) : (
              <span className={styles.status}>{post.video_status === 'failed' ? 'Video could not be processed' : 'Video processing…'}</span>
            )}
            {post.trip && (
              <span className={styles.trip} aria-hidden="true">
                Trip · {post.trip.days} {post.trip.days === 1 ? 'day' : 'days'}
              </span>
            )}
            {post.post_type === 'video' && post.video_status === 'ready' ? (
              <span className={styles.mark}>
                <PlayIcon />
              </span>
            ) : (
              post.images.length > 1 && (
                <span className={styles.mark}>
                  <PhotosIcon />
                </span>
              )
            )}
          </button>
          <div className={styles.info}>
            <p className={styles.author}>
              <Avatar src={post.profile_picture} name={post.username} size="xs" />
              {post.username ? <a href={profileHref(post.username)}>{post.username}</a> : <span>A traveller</span>}
            </p>
            <p className={styles.location}>
              <PinIcon />
              <span>{post.location}</span>
            </p>
            {onLike ? (
              <button
                type="button"
                className={styles.like}
                aria-pressed={post.liked}
                aria-label={`Like post by ${post.username ?? 'a traveller'} at ${post.location}, ${post.likes} ${post.likes === 1 ? 'like' : 'likes'}`}
                onClick={() => onLike(post)}
              >
                <HeartIcon filled={post.liked} />
                {post.likes}
              </button>
            ) : (
              <span className={styles.like} aria-label={`${post.likes} ${post.likes === 1 ? 'like' : 'likes'}`} role="img">
                <HeartIcon filled={false} />
                {post.likes}
              </span>
            )}
          </div>
          {actions && <div className={styles.actions}>{actions(post)}</div>}
        </li>
      ))}
    </ul>
  )
}
