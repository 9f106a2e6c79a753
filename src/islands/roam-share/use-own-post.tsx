import type { Dispatch, ReactNode, SetStateAction } from 'react'
import { api } from '../session/api.ts'
import { useConfirm } from '../ui/Dialog.tsx'
import { toast } from '../ui/Toast.tsx'
import { EDIT_POST_KEY, type Post } from './types.ts'

export interface OwnPostActions {
  /** Opens the post in the create-post form to edit it. */
  readonly editPost: (post: Post) => void
  /** Asks first (spec's words), deletes, and takes the post out of the list and the open modal. */
  readonly deletePost: (post: Post) => Promise<void>
  /** Render it once: the confirmation dialog. */
  readonly confirmDialog: ReactNode
}

/** Edit and Delete for the signed-in author's own posts, wherever they are listed (profile, feed, a public profile). */
export function useOwnPost(setPosts: Dispatch<SetStateAction<Post[]>>, setOpen: Dispatch<SetStateAction<Post | null>>): OwnPostActions {
  const { confirm, confirmDialog } = useConfirm()
  const editPost = (post: Post) => {
    sessionStorage.setItem(EDIT_POST_KEY, JSON.stringify(post))
    window.location.assign('/create-post')
  }
  const deletePost = async (post: Post) => {
    if (!(await confirm({ message: 'Are you sure you want to delete this post?', confirmLabel: 'Delete Post', confirmVariant: 'danger' }))) return
    try {
      await api(`/api/roam-share-posts/delete/${post.post_id}`, { auth: true, method: 'DELETE' })
      setPosts((posts) => posts.filter((other) => other.post_id !== post.post_id))
      setOpen((open) => (open?.post_id === post.post_id ? null : open))
      toast('Post deleted', { kind: 'success' })
    } catch {
      toast('Something went wrong. Try again.', { kind: 'error' })
    }
  }
  return { editPost, deletePost, confirmDialog }
}
