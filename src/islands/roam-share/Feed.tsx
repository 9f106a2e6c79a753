import { useCallback, useEffect, useRef, useState } from 'react'
import { POST_TAGS } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Loading } from '../ui/Loading.tsx'
import { useLoad } from '../ui/use-load.ts'
import { PostGrid } from './PostGrid.tsx'
import { PostViewer } from './PostViewer.tsx'
import { ShareSearch } from './UserSearch.tsx'
import type { FeedPage, Post, ShareProfile } from './types.ts'
import { useLike } from './use-like.ts'
import { UsernameNotice } from './UsernameNotice.tsx'
import chipStyles from './chips.module.css'
import styles from './feed.module.css'

type Chip = 'All' | 'Followed' | 'Trips' | (typeof POST_TAGS)[number]

function feedQuery(chip: Chip, liked: boolean, location: string, cursor: string | null) {
  const params = new URLSearchParams()
  if (liked) params.set('liked', 'true')
  if (chip === 'Followed') params.set('followed', 'true')
  else if (chip === 'Trips') params.set('trips', 'true')
  else if (chip !== 'All') params.set('tag', chip)
  if (location) params.set('location', location)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return `/api/roam-share-posts${query ? `?${query}` : ''}`
}

/** The Roam Share feed (spec §2): search, Liked Posts, tag chips, an endless grid, the post and report modals. */
export function Feed() {
  const { data: profile, error: profileFailed } = useLoad(() => api<ShareProfile>('/api/roam-share-posts/my-profile', { auth: true }), [])
  const [chip, setChip] = useState<Chip>('All')
  const [liked, setLiked] = useState(false)
  const [location, setLocation] = useState('')
  const [posts, setPosts] = useState<Post[]>([])
  const [cursor, setCursor] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [open, setOpen] = useState<Post | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const generation = useRef(0)
  const like = useLike(setPosts, setOpen)

  useEffect(() => {
    if (profileFailed) window.location.replace('/profile')
  }, [profileFailed])

  const load = useCallback(
    async (from: string | null) => {
      const mine = from === null ? ++generation.current : generation.current
      setLoading(true)
      try {
        const page = await api<FeedPage>(feedQuery(chip, liked, location, from), { auth: true })
        if (mine !== generation.current) return
        setPosts((current) => (from === null ? page.posts : [...current, ...page.posts]))
        setCursor(page.nextCursor)
      } catch {
        window.location.replace('/profile')
      } finally {
        if (mine === generation.current) setLoading(false)
      }
    },
    [chip, liked, location],
  )

  useEffect(() => {
    if (profile?.username) void load(null)
  }, [profile, load])

  useEffect(() => {
    const target = sentinel.current
    if (!target || !cursor) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loading) void load(cursor)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [cursor, loading, load])

  const onLocation = useCallback((text: string) => setLocation(text), [])

  if (!profile) return <Loading />
  if (!profile.username) return <UsernameNotice linkText="Go to Profile" />

  return (
    <div className="stack">
      <div className={styles.toolbar}>
        <ShareSearch onLocation={onLocation} />
        <Button variant={liked ? 'primary' : 'secondary'} aria-pressed={liked} onClick={() => setLiked(!liked)}>
          {liked ? 'Show All Posts' : 'Liked Posts'}
        </Button>
      </div>
      <div className={chipStyles.chips} role="group" aria-label="Filter by tag">
        {(['All', 'Followed', 'Trips', ...POST_TAGS] as Chip[]).map((name) => (
          <button key={name} type="button" className={chipStyles.chip} aria-pressed={chip === name} onClick={() => setChip(name)}>
            {name}
          </button>
        ))}
      </div>
      {posts.length > 0 ? <PostGrid posts={posts} onOpen={setOpen} onLike={like} /> : !loading && <p className="empty-state">No posts found.</p>}
      <div ref={sentinel} aria-hidden="true" />
      {loading ? (
        <Loading label="Loading posts…" />
      ) : (
        cursor && (
          <p className={styles.more}>
            <Button onClick={() => void load(cursor)}>Load more posts</Button>
          </p>
        )
      )}
      <PostViewer posts={posts} open={open} onOpen={setOpen} onLike={like} setPosts={setPosts} />
    </div>
  )
}
