import { useEffect, useState } from 'react'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { Avatar } from './Avatar.tsx'
import { profileHref, type Post } from './types.ts'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'

interface PostModalProps {
  post: Post | null
  onClose: () => void
  onLike?: (post: Post) => void
  onReport?: (post: Post) => void
}

/** A post in full: photo carousel or video player (with its poster), caption, place, tags, likes. */
export function PostModal({ post, onClose, onLike, onReport }: PostModalProps) {
  const needsNetwork = useNeedsNetwork()
  const [index, setIndex] = useState(0)
  useEffect(() => setIndex(0), [post?.post_id])
  if (!post) return <Dialog open={false} onClose={onClose} title="" />
  const photos = post.photos
  const photo = photos[index]
  const created = new Date(post.created_at)
  return (
    <Dialog open onClose={onClose} title={post.username ? `Post by ${post.username}` : 'Post'} size="lg" closeLabel="Close post" className="post-modal">
      <div className="post-modal__media">
        {post.post_type === 'video' ? (
          post.video_url ? (
            <video
              className="post-modal__video"
              src={post.video_url}
              poster={post.poster_url ?? undefined}
              controls
              playsInline
              preload="metadata"
              aria-label={`Video at ${post.location}`}
            />
          ) : (
            <p className="post-modal__processing">
              {post.video_status === 'failed' ? 'This video could not be processed.' : 'This video is still being processed.'}
            </p>
          )
        ) : photo ? (
          <figure className="carousel" aria-roledescription="carousel" aria-label="Photos">
            <img
              src={photo.url}
              alt={`Photo ${index + 1} of ${photos.length} at ${post.location}`}
              width={photo.width}
              height={photo.height}
              style={{ backgroundColor: photo.color }}
            />
            {photos.length > 1 && (
              <figcaption className="carousel__controls">
                <Button size="sm" variant="secondary" onClick={() => setIndex((index + photos.length - 1) % photos.length)} aria-label="Previous photo">
                  ‹
                </Button>
                <span aria-live="polite">
                  {index + 1} / {photos.length}
                </span>
                <Button size="sm" variant="secondary" onClick={() => setIndex((index + 1) % photos.length)} aria-label="Next photo">
                  ›
                </Button>
              </figcaption>
            )}
          </figure>
        ) : null}
      </div>
      <div className="post-modal__body stack stack--sm">
        <p className="cluster">
          <Avatar src={post.profile_picture} name={post.username} size="sm" />
          {post.username ? <a href={profileHref(post.username)}>@{post.username}</a> : <span>A traveller</span>}
          <span className="muted text-sm">· {created.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}</span>
        </p>
        <p className="post-modal__location">📍 {post.location}</p>
        {post.caption && <p className="post-modal__caption">{post.caption}</p>}
        <ul className="tag-list" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="badge">
              #{tag}
            </li>
          ))}
        </ul>
        <div className="cluster cluster--between">
          {onLike ? (
            <Button variant={post.liked ? 'primary' : 'secondary'} aria-pressed={post.liked} onClick={() => onLike(post)} {...needsNetwork}>
              {post.liked ? '♥ Liked' : '♡ Like'} · {post.likes}
            </Button>
          ) : (
            <span>♥ {post.likes}</span>
          )}
          {onReport && (
            <Button variant="ghost" onClick={() => onReport(post)}>
              Report Post
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  )
}
