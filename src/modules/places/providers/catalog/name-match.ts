/**
 * How well a folded query matches a place's folded name variants (one per line): 0 a whole name, 1 the
 * start of a name or of a word in it ("louvre" in "musee du louvre" counts as much as in "louvre lens",
 * so popularity decides between them), 2 anywhere inside; undefined when it does not match.
 */
export function matchRank(searchText: string, foldedQuery: string): number | undefined {
  if (!foldedQuery) return undefined
  let best: number | undefined
  for (const variant of searchText.split('\n')) {
    const at = variant.indexOf(foldedQuery)
    if (at < 0) continue
    const rank = variant === foldedQuery ? 0 : at === 0 || variant.includes(` ${foldedQuery}`) ? 1 : 2
    if (best === undefined || rank < best) best = rank
    if (best === 0) break
  }
  return best
}

/** Escapes a text for a SQL LIKE pattern (backslash is PostgreSQL's default escape character). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`)
