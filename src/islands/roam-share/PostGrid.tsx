import type { Post } from './types.ts'

interface PostGridProps {
  posts: readonly Post[]
  onOpen: (post: Post) => void
  /** Extra actions under each card (Edit Post / Delete Post on the own profile). */
  actions?: (post: Post) => React.ReactNode
}

function label(post: Post) {
  const what = post.post_type === 'video' ? 'Video' : post.images.length > 1 ? `${post.images.length} photos` : 'Photo'
  return `${what} by ${post.username ?? 'a traveller'} at ${post.location}`
}

/** Square thumbnails, painted with the post's colour until they load; a click opens the post. */
export function PostGrid({ posts, onOpen, actions }: PostGridProps) {
  return (
    <ul className="post-grid" role="list">
      {posts.map((post) => (
        <li key={post.post_id} className="post-grid__item">
          <button
            type="button"
            className="post-card"
            onClick={() => onOpen(post)}
            aria-label={label(post)}
            style={{ backgroundColor: post.placeholder?.color ?? undefined }}
          >
            {post.thumb_url ? (
              <img src={post.thumb_url} alt="" loading="lazy" decoding="async" width={480} height={480} />
            ) : (
              <span className="post-card__status">{post.video_status === 'failed' ? 'Video could not be processed' : 'Video processing…'}</span>
            )}
            {post.post_type === 'video' && post.video_status === 'ready' && (
              <span className="post-card__badge" aria-hidden="true">
                ▶
              </span>
            )}
            <span className="post-card__meta" aria-hidden="true">
              ♥ {post.likes}
            </span>
          </button>
          {actions && <div className="post-grid__actions">{actions(post)}</div>}
        </li>
      ))}
    </ul>
  )
}
