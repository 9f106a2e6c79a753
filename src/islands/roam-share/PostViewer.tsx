import { useStore } from '@nanostores/react'
import { useState, type Dispatch, type SetStateAction } from 'react'
import { $user } from '../session/store.ts'
import { neighbours, PostModal } from './PostModal.tsx'
import { ReportModal } from './ReportModal.tsx'
import type { Post } from './types.ts'
import { useOwnPost } from './use-own-post.tsx'

/**
 * A list's open post, with the previous and next ones a step away, a Like, and a Report that opens its own
 * dialog; on the signed-in author's own post, Edit Post and Delete Post instead of Report.
 */
export function PostViewer({
  posts,
  open,
  onOpen,
  onLike,
  setPosts,
}: {
  posts: readonly Post[]
  open: Post | null
  onOpen: Dispatch<SetStateAction<Post | null>>
  onLike: (post: Post) => void
  setPosts: Dispatch<SetStateAction<Post[]>>
}) {
  const [reporting, setReporting] = useState<string | null>(null)
  const user = useStore($user)
  const { editPost, deletePost, confirmDialog } = useOwnPost(setPosts, onOpen)
  const own = open !== null && user !== null && open.user_id === user.id
  return (
    <>
      <PostModal
        post={open}
        onClose={() => onOpen(null)}
        onLike={onLike}
        onReport={(post) => setReporting(post.post_id)}
        onEdit={own ? editPost : undefined}
        onDelete={own ? (post) => void deletePost(post) : undefined}
        {...neighbours(posts, open, onOpen)}
      />
      <ReportModal postId={reporting} onClose={() => setReporting(null)} />
      {confirmDialog}
    </>
  )
}
