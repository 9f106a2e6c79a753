import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { Avatar } from './Avatar.tsx'
import { postDate } from './dates.ts'
import { HeartIcon, PinIcon } from './icons.tsx'
import styles from './post-modal.module.css'
import { profileHref, type Post } from './types.ts'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'
import { TripCard } from '../trips/TripCard.tsx'
import { TripDays } from '../trips/TripDays.tsx'

interface PostModalProps {
  post: Post | null
  onClose: () => void
  onLike?: (post: Post) => void
  onReport?: (post: Post) => void
  /** The signed-in author's own post: Edit Post and Delete Post in place of Report Post. */
  onEdit?: ((post: Post) => void) | undefined
  onDelete?: ((post: Post) => void) | undefined
  /** The post before and after this one in the list it was opened from, when there is one. */
  onPrevious?: () => void
  onNext?: () => void
}

const SWIPE_PX = 40

/** The previous / next post handlers for the post open in a list (none at either end). */
export function neighbours(posts: readonly Post[], open: Post | null, setOpen: (post: Post) => void): Pick<PostModalProps, 'onPrevious' | 'onNext'> {
  const at = open ? posts.findIndex((post) => post.post_id === open.post_id) : -1
  if (at < 0) return {}
  const before = posts[at - 1]
  const after = posts[at + 1]
  return { onPrevious: before && (() => setOpen(before)), onNext: after && (() => setOpen(after)) }
}

/**
 * A post in full: photos (carousel) or video beside its author, caption, place, tags, time, Like and
 * Report on wide screens, above them on phones. Left and right arrows (or a swipe) go through the
 * photos, then on to the previous or next post.
 */
export function PostModal({ post, onClose, onLike, onReport, onEdit, onDelete, onPrevious, onNext }: PostModalProps) {
  const needsNetwork = useNeedsNetwork()
  const [index, setIndex] = useState(0)
  const [viewingTrip, setViewingTrip] = useState(false)
  const swipeFrom = useRef<number | null>(null)
  useEffect(() => {
    setIndex(0)
    setViewingTrip(false)
  }, [post?.post_id])
  if (!post) return <Dialog open={false} onClose={onClose} title="" />
  const photos = post.photos
  const photo = photos[index]

  const step = (by: 1 | -1) => {
    const next = index + by
    if (post.post_type === 'photo' && next >= 0 && next < photos.length) return setIndex(next)
    if (by === 1) onNext?.()
    else onPrevious?.()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement
    if (target.closest('input, textarea, select, video')) return
    if (event.key === 'ArrowRight') step(1)
    else if (event.key === 'ArrowLeft') step(-1)
    else return
    event.preventDefault()
  }
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current
    swipeFrom.current = null
    if (from === null || Math.abs(event.clientX - from) < SWIPE_PX) return
    step(event.clientX < from ? 1 : -1)
  }

  return (
    <Dialog open onClose={onClose} title={post.username ? `Post by ${post.username}` : 'Post'} size="xl" closeLabel="Close post">
      <div className={styles.layout} onKeyDown={onKeyDown}>
        {/* post-modal__media and post-modal__body: the browser tests measure the two columns by them. */}
        <div className={`${styles.media} post-modal__media`} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
          {post.post_type === 'video' ? (
            post.video_url ? (
              <video
                className={styles.video}
                src={post.video_url}
                poster={post.poster_url ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={`Video at ${post.location}`}
              />
            ) : (
              <p className={styles.processing}>
                {post.video_status === 'failed' ? 'This video could not be processed.' : 'This video is still being processed.'}
              </p>
            )
          ) : photo ? (
            <figure className={styles.carousel} aria-roledescription="carousel" aria-label="Photos">
              <img
                src={photo.url}
                alt={`Photo ${index + 1} of ${photos.length} at ${post.location}`}
                width={photo.width}
                height={photo.height}
                style={{ backgroundColor: photo.color }}
                draggable={false}
              />
              {photos.length > 1 && (
                <figcaption className={styles.controls}>
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
        <div className={`${styles.body} post-modal__body`}>
          <p className={styles.author}>
            <Avatar src={post.profile_picture} name={post.username} size="sm" />
            {post.username ? <a href={profileHref(post.username)}>@{post.username}</a> : <span>A traveller</span>}
          </p>
          {post.caption && <p className={styles.caption}>{post.caption}</p>}
          <p className={styles.location}>
            <PinIcon />
            <span>{post.location}</span>
          </p>
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className="badge">
                #{tag}
              </li>
            ))}
          </ul>
          <p className="muted text-sm">
            <time dateTime={post.created_at}>{postDate(post.created_at)}</time>
          </p>
          {post.trip && <TripCard card={post.trip} viewing={viewingTrip} onView={() => setViewingTrip(!viewingTrip)} />}
          <div className={styles.actions}>
            {onLike ? (
              <Button variant={post.liked ? 'primary' : 'secondary'} aria-pressed={post.liked} onClick={() => onLike(post)} {...needsNetwork}>
                <HeartIcon filled={post.liked} />
                {post.liked ? 'Liked' : 'Like'} · {post.likes}
              </Button>
            ) : (
              <span className={styles.likes}>
                <HeartIcon filled={false} /> {post.likes} {post.likes === 1 ? 'like' : 'likes'}
              </span>
            )}
            {onEdit && (
              <Button variant="secondary" onClick={() => onEdit(post)} {...needsNetwork}>
                Edit Post
              </Button>
            )}
            {onDelete && (
              <Button variant="danger" onClick={() => onDelete(post)} {...needsNetwork}>
                Delete Post
              </Button>
            )}
            {onReport && !onEdit && (
              <Button variant="ghost" onClick={() => onReport(post)}>
                Report Post
              </Button>
            )}
          </div>
          {viewingTrip && post.trip && <TripDays postId={post.post_id} />}
          {(onPrevious || onNext) && (
            <div className={styles.pager}>
              <Button size="sm" variant="ghost" onClick={onPrevious} disabled={!onPrevious}>
                ‹ Previous post
              </Button>
              <Button size="sm" variant="ghost" onClick={onNext} disabled={!onNext}>
                Next post ›
              </Button>
            </div>
          )}
        </div>
      </div>
    </Dialog>
  )
}
