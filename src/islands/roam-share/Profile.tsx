import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react'
import { LogoutButton } from '../auth/LogoutButton.tsx'
import { InstallRoamMenuItem } from '../offline/InstallRoam.tsx'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Loading } from '../ui/Loading.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { Avatar } from './Avatar.tsx'
import { FollowCounts } from './FollowCounts.tsx'
import { EditProfileDialog } from './EditProfileDialog.tsx'
import { PostGrid } from './PostGrid.tsx'
import { TripPosts } from '../trips/TripPosts.tsx'
import { neighbours, PostModal } from './PostModal.tsx'
import type { Post, ShareProfile } from './types.ts'
import { useOwnPost } from './use-own-post.tsx'
import { UserListModal, type UserListKind } from './UserListModal.tsx'
import styles from './profile.module.css'

const MENU = [
  ['Bucket List', '/bucket-list'],
  ['Account Info', '/account-info'],
  ['Help', '/help'],
  ['Privacy Policy', '/privacy-policy'],
  ['Terms & Conditions', '/terms'],
  ['About Us', '/about-us'],
] as const

/** The own profile (spec §2): identity, counts, Edit Profile, the menu, + New Post and My Posts. */
export function Profile() {
  const page = useLoad(async () => {
    const [profile, posts] = await Promise.all([
      api<ShareProfile>('/api/roam-share-posts/my-profile', { auth: true }),
      api<Post[]>('/api/roam-share-posts/my-posts', { auth: true }),
    ])
    return { profile, posts }
  }, [])
  const [editing, setEditing] = useState(false)
  const [list, setList] = useState<UserListKind | null>(null)
  const [open, setOpen] = useState<Post | null>(null)
  const setPosts = useCallback(
    (next: SetStateAction<Post[]>) => page.setData((current) => current && { ...current, posts: typeof next === 'function' ? next(current.posts) : next }),
    [page.setData],
  )
  const { editPost, deletePost, confirmDialog } = useOwnPost(setPosts, setOpen)

  // A notification about a like links here with the post to open, once the first load is in.
  const linkFollowed = useRef(false)
  useEffect(() => {
    if (!page.data || linkFollowed.current) return
    linkFollowed.current = true
    const linked = new URLSearchParams(window.location.search).get('post')
    if (linked) setOpen(page.data.posts.find((post) => post.post_id === linked) ?? null)
  }, [page.data])

  // A refresh after an edit that fails keeps the profile shown.
  useEffect(() => {
    if (page.error && page.data) toast('Failed to refresh profile.', { kind: 'error' })
  }, [page.error])

  if (!page.data) return page.error ? <p className="form-error">Failed to refresh profile.</p> : <Loading />
  const { profile, posts } = page.data

  return (
    <div className={`stack stack--lg ${styles.profile}`}>
      <section className={`card ${styles.head}`} aria-label="Your profile">
        <Avatar src={profile.profile_picture} name={profile.username} size="xl" />
        <div className={`stack stack--sm ${styles.identity}`}>
          {profile.username ? (
            <h1 className={styles.name}>@{profile.username}</h1>
          ) : (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              + Set your username
            </Button>
          )}
          {profile.bio ? (
            <p className={styles.bio}>{profile.bio}</p>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              Add Description
            </Button>
          )}
          <FollowCounts profile={profile} onOpen={setList} />
          <p className="cluster">
            <Button onClick={() => setEditing(true)}>Edit Profile</Button>
            <a className="btn btn--primary" href="/create-post">
              + New Post
            </a>
          </p>
        </div>
        <nav aria-label="Profile menu" className={styles.menu}>
          <ul>
            {MENU.map(([label, href]) => (
              <li key={href}>
                <a href={href}>{label}</a>
              </li>
            ))}
            <InstallRoamMenuItem />
            <li>
              <LogoutButton />
            </li>
          </ul>
        </nav>
      </section>

      <TripPosts posts={posts} heading="My Trips" onOpen={setOpen} />
      <section aria-labelledby="my-posts" className="stack">
        <h2 id="my-posts">My Posts</h2>
        {posts.length === 0 ? (
          <p className="empty-state">No posts yet. Start sharing your adventures!</p>
        ) : (
          <PostGrid
            posts={posts}
            onOpen={setOpen}
            actions={(post) => (
              <>
                <Button size="sm" onClick={() => editPost(post)} aria-label={`Edit Post at ${post.location}`}>
                  Edit Post
                </Button>
                <Button size="sm" variant="danger" onClick={() => void deletePost(post)} aria-label={`Delete Post at ${post.location}`}>
                  Delete Post
                </Button>
              </>
            )}
          />
        )}
      </section>

      <EditProfileDialog open={editing} profile={profile} onClose={() => setEditing(false)} onChanged={page.reload} />
      <UserListModal userId={profile.user_id} kind={list} onClose={() => setList(null)} />
      <PostModal post={open} onClose={() => setOpen(null)} onEdit={editPost} onDelete={(post) => void deletePost(post)} {...neighbours(posts, open, setOpen)} />
      {confirmDialog}
    </div>
  )
}
