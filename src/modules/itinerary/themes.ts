import { THEMES, type Theme } from '../places/domain.ts'

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
 * The solver's score of a place: theme match × the square of popularity (a little floor so unknown
 * popularity still counts). The value of a visit grows faster than its popularity, so one famous sight
 * outweighs several minor ones that fill the same time (a Louvre at 1.0 scores 1.1, three parish churches
 * at 0.3 together 0.37).
 */
export const placeScore = (placeThemes: readonly string[], popularity: number, chosen: readonly Theme[]) =>
  Math.round(1000 * themeMatch(placeThemes, chosen) * (0.05 + Math.max(0, Math.min(1, popularity))) ** 2)
