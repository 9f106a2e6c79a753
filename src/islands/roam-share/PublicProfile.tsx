import { useCallback, useState, type SetStateAction } from 'react'
import { usernameFromPath } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { $user } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Loading } from '../ui/Loading.tsx'
import { useLoad } from '../ui/use-load.ts'
import { Avatar } from './Avatar.tsx'
import { FollowCounts } from './FollowCounts.tsx'
import { PostGrid } from './PostGrid.tsx'
import { TripPosts } from '../trips/TripPosts.tsx'
import { PostViewer } from './PostViewer.tsx'
import type { Post, ShareProfile } from './types.ts'
import { useLike } from './use-like.ts'
import { UserListModal, type UserListKind } from './UserListModal.tsx'
import styles from './profile.module.css'

/** Another traveller's profile (spec §2): picture, bio, counts, follow / unfollow (not on one's own), posts. */
export function PublicProfile({ username }: { username: string }) {
  const page = useLoad(
    () => api<{ profile: ShareProfile; posts: Post[] }>(`/api/roam-share-posts/user/${encodeURIComponent(usernameFromPath(username))}`, { auth: true }),
    [username],
  )
  const userId = page.data?.profile.user_id
  const follow = useLoad(
    () =>
      userId ? api<{ isFollowing: boolean; isSelf: boolean }>(`/api/roam-share-posts/check-follow-status/${userId}`, { auth: true }) : Promise.resolve(null),
    [userId],
  )
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState<Post | null>(null)
  const [list, setList] = useState<UserListKind | null>(null)
  const setPosts = useCallback(
    (next: SetStateAction<Post[]>) => page.setData((current) => current && { ...current, posts: typeof next === 'function' ? next(current.posts) : next }),
    [page.setData],
  )
  const like = useLike(setPosts, setOpen)

  const toggleFollow = async () => {
    const profile = page.data?.profile
    const following = follow.data
    if (!profile || !following) return
    setBusy(true)
    try {
      const answer = await api<{ isFollowing: boolean; follower_count: number }>(`/api/roam-share-posts/${following.isFollowing ? 'unfollow' : 'follow'}`, {
        auth: true,
        body: { userId: profile.user_id },
      })
      follow.setData({ ...following, isFollowing: answer.isFollowing })
      page.setData((current) => current && { ...current, profile: { ...current.profile, follower_count: answer.follower_count } })
    } catch {
      // The button keeps its state; the next click tries again.
    } finally {
      setBusy(false)
    }
  }

  if (page.error || follow.error) return <p className="empty-state">User not found.</p>
  if (!page.data) return <Loading />
  const { profile, posts } = page.data
  const following = follow.data
  const self = following?.isSelf ?? profile.user_id === $user.get()?.id
  return (
    <div className={`stack stack--lg ${styles.profile}`}>
      <section className={`card ${styles.head}`} aria-label={`Profile of ${profile.username}`}>
        <Avatar src={profile.profile_picture} name={profile.username} size="xl" />
        <div className={`stack stack--sm ${styles.identity}`}>
          <h1 className={styles.name}>@{profile.username}</h1>
          {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
          <FollowCounts profile={profile} onOpen={setList} />
          {following && !self && (
            <p>
              <Button variant={following.isFollowing ? 'secondary' : 'primary'} loading={busy} onClick={() => void toggleFollow()}>
                {following.isFollowing ? 'Unfollow' : 'Follow'}
              </Button>
            </p>
          )}
        </div>
      </section>
      <TripPosts posts={posts} heading="Trips" onOpen={setOpen} />
      <section aria-labelledby="their-posts" className="stack">
        <h2 id="their-posts">Posts</h2>
        {posts.length === 0 ? <p className="empty-state">No posts yet.</p> : <PostGrid posts={posts} onOpen={setOpen} onLike={like} />}
      </section>
      <UserListModal userId={profile.user_id} kind={list} onClose={() => setList(null)} />
      <PostViewer posts={posts} open={open} onOpen={setOpen} onLike={like} setPosts={setPosts} />
    </div>
  )
}
