import { THEMES, type Theme } from '../../places/domain.ts'

/**
 * The trip form sends theme slugs: lower case, ampersands and spaces turned to hyphens. "Cultural &
 * Historical" may arrive as "cultural-historical" or "cultural---historical"; both mean the same theme.
 */
export function parseTheme(text: string): Theme | undefined {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[&\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
  return THEMES.find((theme) => theme === slug)
}

/**
 * How well a place's themes fit the trip's: 1 for one shared theme, a quarter more for each further
 * one, and a small residue for none, so a city short of matching places still fills its days.
 */
export function themeMatch(placeThemes: readonly string[], chosen: readonly Theme[]): number {
  const shared = placeThemes.filter((theme) => (chosen as readonly string[]).includes(theme)).length
  return shared === 0 ? 0.1 : 1 + 0.25 * (shared - 1)
}

/**
 * The solver's score of a place: theme match × a value that grows exponentially with popularity, e¹⁰⁽ᵖ⁻¹⁾.
 * Visitor numbers fall off steeply with a sight's fame, and so does what a first visit is worth: a city's
 * most famous sight (1.0) is worth about three of its sixth (0.9), and a Louvre outweighs a whole day of
 * parish churches at 0.3 (each worth a thousandth of it), so a first-time plan holds the famous sights
 * before the minor ones and fills the rest of the time with the best of those.
 */
export const placeScore = (placeThemes: readonly string[], popularity: number, chosen: readonly Theme[]) =>
  Math.max(1, Math.round(100_000 * themeMatch(placeThemes, chosen) * Math.exp(10 * (Math.max(0, Math.min(1, popularity)) - 1))))
