/**
 * When in the day each kind of place is visited. Museums, churches, palaces, markets, parks and other
 * daytime sights are visited within the pace's day (09:00–19:00 at a moderate pace), whatever the
 * theme; nightlife, shows and other evening places only in the evening, after dinner, and only when the
 * Nightlife theme asks for evenings (never at noon); viewpoints at any time of the planned day they are open. The
 * Nightlife theme thus adds evenings to the day instead of stretching it with daytime sights. Pure.
 */
import type { Kind, Theme } from '../../places/domain.ts'
import { MIDNIGHT, type PaceSettings } from './pace.ts'

/** Evenings start after dinner. */
export const EVENING_START = 20 * 60

const EVENING_KINDS: ReadonlySet<Kind> = new Set(['nightlife', 'entertainment'])

export const isEveningKind = (kind: Kind) => EVENING_KINDS.has(kind)

/** Dinner shows and cabarets are evenings whatever kind a listing gives them ("Chez Ali Fantasia"). */
const EVENING_NAMES = /\b(fantasia|dinner show|cabaret|night show|nightclub|night market)\b/i

/** The kind a place is visited as: an evening place by its name, else its own kind. */
export const visitedAs = (place: { readonly kind: Kind; readonly name: string }): Kind => (EVENING_NAMES.test(place.name) ? 'entertainment' : place.kind)

export const wantsEvenings = (themes: readonly Theme[]) => themes.includes('nightlife-entertainment')

/** Whether the trip has a time for the place at all: an evening place only when the trip has evenings. */
export const hasTimeFor = (place: { readonly kind: Kind; readonly name: string }, themes: readonly Theme[]) =>
  wantsEvenings(themes) || !isEveningKind(visitedAs(place))

/** The part of the day a place of `kind` may be visited in, in minutes from midnight. */
export function visitingWindow(kind: Kind, pace: PaceSettings, themes: readonly Theme[]): { readonly start: number; readonly end: number } {
  const evenings = wantsEvenings(themes)
  // Without the Nightlife theme there are no evenings to plan: an evening place has no time of its own.
  if (isEveningKind(kind)) return evenings ? { start: EVENING_START, end: MIDNIGHT } : { start: pace.dayEnd, end: pace.dayEnd }
  if (kind === 'viewpoint') return { start: pace.dayStart, end: evenings ? MIDNIGHT : pace.dayEnd }
  return { start: pace.dayStart, end: pace.dayEnd }
}
