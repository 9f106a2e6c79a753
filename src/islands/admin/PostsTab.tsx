import { useState } from 'react'
import { POSTS_PAGE_SIZE } from '../../modules/admin/rules.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { dateTime } from './format.ts'
import { NoteDialog, type NoteRequest } from './NoteDialog.tsx'
import styles from './posts-tab.module.css'
import parts from './tab-parts.module.css'
import type { AdminPost } from './types.ts'

type Action = 'clear' | 'delete'
interface Pending {
  readonly action: Action
  readonly post: AdminPost
  readonly request: NoteRequest
}

const describe = (post: AdminPost) => `the post by ${post.username ?? post.email ?? 'a deleted account'}`

function requestFor(action: Action, post: AdminPost): NoteRequest {
  return action === 'clear'
    ? {
        title: `Are you sure you want to clear the report on ${describe(post)}?`,
        confirmLabel: 'Clear report',
        confirmVariant: 'primary',
        noteLabel: null,
        noteRequired: false,
      }
    : {
        title: `Are you sure you want to delete ${describe(post)}? Its author is told, with your reason if you give one.`,
        confirmLabel: 'Delete post',
        confirmVariant: 'danger',
        noteLabel: 'Reason',
        noteRequired: false,
      }
}

/** GET /api/admin/posts: a page of posts, and where the next page starts (X-Next-Before). */
async function fetchPosts(reported: boolean, before: string | null) {
  let next: string | null = null
  const query = new URLSearchParams({ limit: String(POSTS_PAGE_SIZE), ...(reported ? { reported: 'true' } : {}), ...(before ? { before } : {}) })
  const posts = await api<AdminPost[]>(`/api/admin/posts?${query}`, { auth: true, onResponse: (response) => (next = response.headers.get('x-next-before')) })
  return { posts, next: next as string | null }
}

/** Posts: every Roam Share post or the reported ones, with the reporters' reasons; clear a report or delete a post. */
export function PostsTab() {
  const [reported, setReported] = useState(true)
  const load = useLoad(() => fetchPosts(reported, null), [reported], { clearOnChange: true })
  const [loadingMore, setLoadingMore] = useState(false)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)

  async function loadMore() {
    setLoadingMore(true)
    try {
      const page = await fetchPosts(reported, load.data?.next ?? null)
      load.setData((shown) => ({ posts: [...(shown?.posts ?? []), ...page.posts], next: page.next }))
    } catch (failure) {
      console.error(failure)
      toast(`Error: ${(failure as Error).message}`, { kind: 'error' })
    } finally {
      setLoadingMore(false)
    }
  }

  async function confirm(note: string) {
    if (!pending) return
    const { action, post } = pending
    setBusy(true)
    try {
      const answer =
        action === 'clear'
          ? await api<{ message: string }>(`/api/admin/posts/${post.post_id}/clear-report`, { method: 'DELETE', auth: true })
          : await api<{ message: string }>(`/api/admin/posts/${post.post_id}`, { method: 'DELETE', auth: true, body: { reason: note } })
      toast(answer.message, { kind: 'success' })
      setPending(null)
      await load.reload()
    } catch (failure) {
      console.error(failure)
      const message = (failure as Error).message
      toast(action === 'delete' ? `Failed to delete post: ${message}` : `Error: ${message}`, { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="stack">
      <div className={parts.filters}>
        <FormField as="select" label="Show" value={reported ? 'reported' : 'all'} onChange={(event) => setReported(event.target.value === 'reported')}>
          <option value="reported">Reported posts</option>
          <option value="all">All posts</option>
        </FormField>
      </div>
      <Loaded load={load} loading="Loading posts…">
        {({ posts }) =>
          posts.length === 0 ? (
            <p className="muted" role="status">
              {reported ? 'No reported posts.' : 'No posts yet.'}
            </p>
          ) : (
            <ul className={styles.posts} aria-label="Posts">
              {posts.map((post) => (
                <li key={post.post_id} className={styles.post} aria-label={`Post by ${post.username ?? post.email ?? 'a deleted account'}`}>
                  {post.thumb_url ? <img className={styles.thumb} src={post.thumb_url} alt="" loading="lazy" /> : <div className={styles.thumb} />}
                  <div className={`${styles.body} stack`}>
                    <p className={styles.who}>
                      <strong>{post.username ? `@${post.username}` : 'No username'}</strong>{' '}
                      <span className={`muted ${parts.wrapAnywhere}`}>{post.email ?? '—'}</span>
                    </p>
                    <p className="muted text-sm">
                      {post.post_type === 'video' ? 'Video' : 'Photos'} · {post.location} · <time dateTime={post.created_at}>{dateTime(post.created_at)}</time>{' '}
                      · {post.likes} like{post.likes === 1 ? '' : 's'}
                    </p>
                    {post.caption && <p className={parts.wrapAnywhere}>{post.caption}</p>}
                    {post.reports.length > 0 && (
                      <div>
                        <p className="text-sm">
                          <span className={`badge ${parts.dangerBadge}`}>Reported</span> {post.reports.length} open report{post.reports.length === 1 ? '' : 's'}
                        </p>
                        <ul className={`${styles.reports} text-sm`}>
                          {post.reports.map((report, index) => (
                            <li key={index} className={parts.wrapAnywhere}>
                              {report.reason} <span className="muted">— {report.reporter ? `@${report.reporter}` : 'a deleted account'}</span>
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                    <div className={parts.rowActions}>
                      {post.is_reported && (
                        <Button size="sm" onClick={() => setPending({ action: 'clear', post, request: requestFor('clear', post) })}>
                          Clear report
                        </Button>
                      )}
                      <Button size="sm" variant="danger" onClick={() => setPending({ action: 'delete', post, request: requestFor('delete', post) })}>
                        Delete post
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {load.data?.next && (
        <Button size="sm" loading={loadingMore} onClick={() => void loadMore()}>
          Load more
        </Button>
      )}
      <NoteDialog request={pending?.request ?? null} busy={busy} error={null} onConfirm={(note) => void confirm(note)} onCancel={() => setPending(null)} />
    </div>
  )
}
