import { useCallback, type Dispatch, type SetStateAction } from 'react'
import { api } from '../session/api.ts'
import type { Post } from './types.ts'

/** Optimistic like toggle (spec §4): the count moves at once, never below 0; failures are silent on the feed. */
export function useLike(setPosts: Dispatch<SetStateAction<Post[]>>, setOpen: Dispatch<SetStateAction<Post | null>>) {
  return useCallback(
    (post: Post) => {
      const flip = (p: Post): Post => (p.post_id === post.post_id ? { ...p, liked: !post.liked, likes: Math.max(0, post.likes + (post.liked ? -1 : 1)) } : p)
      setPosts((posts) => posts.map(flip))
      setOpen((open) => (open ? flip(open) : open))
      api(`/api/roam-share-posts/like/${post.post_id}`, { auth: true, method: 'POST' }).catch(() => {})
    },
    [setPosts, setOpen],
  )
}
