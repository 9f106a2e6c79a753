import { Effect } from 'effect'

/**
 * A feed page's posts, each as the JSON text PostgreSQL wrote for it without what changes by the second
 * (its likes, the viewer's like, its reports), and the next page's cursor.
 */
export interface FeedPageRows {
  readonly posts: readonly { readonly post_id: string; readonly json: string }[]
  readonly nextCursor: number | null
}

/**
 * How long a page of the shared feed (everyone's, a tag's, a place's) is reused. What changes by the second
 * (likes, the viewer's own like, reports) is never taken from here. A change to posts or authors committed
 * by this process clears the pages at once; one committed by another app process shows within this time.
 */
export const FEED_PAGE_TTL_MS = 2_000
const MAX_PAGES = 500

interface Entry {
  readonly page: FeedPageRows
  readonly until: number
}

interface Held {
  readonly pages: Map<string, Entry>
  /** Counts the clearings: a page read across one may predate the change, and is not kept. */
  generation: number
}

const held: Held = { pages: new Map(), generation: 0 }

export const feedPageKey = (
  query: {
    readonly tag?: string | undefined
    readonly location?: string | undefined
    readonly cursor?: number | undefined
    readonly trips?: boolean | undefined
  },
  limit: number,
  mediaBase: string,
) => JSON.stringify([query.tag ?? '', query.location?.trim().toLowerCase() ?? '', query.cursor ?? 0, limit, mediaBase, query.trips === true])

/** The page under `key`, read with `read` when it is not held or has expired. */
export const cachedFeedPage = <E, R>(key: string, read: Effect.Effect<FeedPageRows, E, R>): Effect.Effect<FeedPageRows, E, R> =>
  Effect.suspend(() => {
    const entry = held.pages.get(key)
    if (entry && entry.until > Date.now()) return Effect.succeed(entry.page)
    const generation = held.generation
    return Effect.tap(read, (page) =>
      Effect.sync(() => {
        if (generation !== held.generation) return
        held.pages.delete(key)
        if (held.pages.size >= MAX_PAGES) held.pages.delete(held.pages.keys().next().value!)
        held.pages.set(key, { page, until: Date.now() + FEED_PAGE_TTL_MS })
      }),
    )
  })

/** Forgets every held page: posts were published, edited, removed, hidden or shown, or an author changed name or picture. */
export function forgetFeedPages(): void {
  held.generation++
  held.pages.clear()
}
