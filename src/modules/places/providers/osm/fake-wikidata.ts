/**
 * A local stand-in for the Wikidata API's `wbgetentities` (`props=sitelinks`, `format=json`), for tests and
 * benchmarks: items with a given number of sitelinks, `missing` for unknown ids, and the API's error for
 * more than 50 ids.
 */
import { startFakeService, type FakeService } from '../fake-server.ts'

const SITES = ['enwiki', 'frwiki', 'dewiki', 'eswiki', 'itwiki', 'jawiki', 'ruwiki', 'zhwiki', 'ptwiki', 'plwiki', 'nlwiki', 'svwiki', 'arwiki', 'kowiki']

/** `sitelinks`: item id → how many sitelinks it has (or a function, for generated data). */
export async function startFakeWikidata(sitelinks: ReadonlyMap<string, number> | ((id: string) => number | undefined)): Promise<FakeService> {
  const countOf = (id: string) => (typeof sitelinks === 'function' ? sitelinks(id) : sitelinks.get(id))
  return startFakeService('/w/api.php', (request) => {
    const params = new URL(request.url, 'http://x').searchParams
    if (params.get('action') !== 'wbgetentities') return [200, { error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } }]
    const ids = (params.get('ids') ?? '').split('|').filter(Boolean)
    if (ids.length > 50) return [200, { error: { code: 'toomanyvalues', info: 'Too many values supplied for parameter "ids". The limit is 50.' } }]
    const entities: Record<string, unknown> = {}
    for (const id of ids) {
      const count = countOf(id)
      if (count === undefined) entities[id] = { id, missing: '' }
      else {
        const links: Record<string, { site: string; title: string; badges: never[] }> = {}
        for (let k = 0; k < count; k++) {
          const site = SITES[k] ?? `x${k}wiki`
          links[site] = { site, title: `Item ${id}`, badges: [] }
        }
        entities[id] = { type: 'item', id, sitelinks: links }
      }
    }
    return [200, { entities, success: 1 }]
  })
}
