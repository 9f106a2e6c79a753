import { profilePath } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { useLoad } from '../ui/use-load.ts'

/** "Based on @author's trip": the credit a copied trip keeps, its author read from the post while the post is there. */
export function BasedOn({ postId }: { readonly postId: string }) {
  const post = useLoad((signal) => api<{ username: string | null }>(`/api/roam-share-posts/trip/${encodeURIComponent(postId)}`, { signal }), [postId])
  if (!post.data && !post.error) return null
  const username = post.data?.username
  return (
    <p className="text-sm">
      {username ? (
        <>
          Based on <a href={profilePath(username)}>@{username}</a>'s trip
        </>
      ) : (
        'Based on a trip shared on Roam Share'
      )}
    </p>
  )
}
