import { createHash } from 'node:crypto'
import type { PoliteFetch } from '../polite-fetch.ts'

/** The public Wikidata API (WIKIDATA_URL). */
export const WIKIDATA_URL = 'https://www.wikidata.org/w/api.php'

/** wbgetentities takes at most 50 ids a request. */
export const WIKIDATA_BATCH = 50

/** The part of a `wbgetentities` answer with `props=sitelinks` that Roam reads. */
export interface WbGetEntitiesResponse {
  readonly entities?: Readonly<Record<string, { readonly id?: string; readonly missing?: string; readonly sitelinks?: Readonly<Record<string, unknown>> }>>
  readonly error?: { readonly code?: string; readonly info?: string }
}

/** Sitelink counts (how many Wikipedias and sister sites have an article) of Wikidata items, in batches of 50. */
export async function sitelinkCounts(fetchJson: PoliteFetch, baseUrl: string, ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  const sorted = [...new Set(ids)].sort()
  for (let i = 0; i < sorted.length; i += WIKIDATA_BATCH) {
    const batch = sorted.slice(i, i + WIKIDATA_BATCH)
    const params = new URLSearchParams({ action: 'wbgetentities', ids: batch.join('|'), props: 'sitelinks', format: 'json' })
    const answer = (await fetchJson(`wikidata:${createHash('sha256').update(batch.join('|')).digest('hex')}`, `${baseUrl}?${params}`)) as WbGetEntitiesResponse
    for (const [id, entity] of Object.entries(answer.entities ?? {})) {
      if (entity.missing === undefined) counts.set(id, Object.keys(entity.sitelinks ?? {}).length)
    }
  }
  return counts
}
