import { useState } from 'react'
import { neighbours, PostModal } from './PostModal.tsx'
import { ReportModal } from './ReportModal.tsx'
import type { Post } from './types.ts'

/** A list's open post, with the previous and next ones a step away, a Like and a Report that opens its own dialog. */
export function PostViewer({
  posts,
  open,
  onOpen,
  onLike,
}: {
  posts: readonly Post[]
  open: Post | null
  onOpen: (post: Post | null) => void
  onLike: (post: Post) => void
}) {
  const [reporting, setReporting] = useState<string | null>(null)
  return (
    <>
      <PostModal
        post={open}
        onClose={() => onOpen(null)}
        onLike={onLike}
        onReport={(post) => setReporting(post.post_id)}
        {...neighbours(posts, open, onOpen)}
      />
      <ReportModal postId={reporting} onClose={() => setReporting(null)} />
    </>
  )
}
