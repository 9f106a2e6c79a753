/**
 * What a pace means for a day. The numbers are ours (the spec names the paces only):
 *
 * | pace        | day window    | visit length | pause after a visit | places aimed for |
 * |-------------|---------------|--------------|---------------------|------------------|
 * | slow-paced  | 10:00 – 18:00 | × 1.25       | 30 min              | 3                |
 * | moderate    | 09:00 – 19:00 | × 1          | none                | 5                |
 * | fast-paced  | 08:00 – 21:00 | × 0.75       | none                | 7                |
 *
 * With the nightlife theme chosen, every pace's day runs to midnight, so evening places can be planned.
 * Visit lengths stay on the half-hour grid, between 30 minutes and 6 hours.
 */
export const PACES = ['slow-paced', 'moderate', 'fast-paced'] as const
export type Pace = (typeof PACES)[number]

export interface PaceSettings {
  /** Minutes from midnight. */
  readonly dayStart: number
  readonly dayEnd: number
  readonly visitFactor: number
  readonly pauseMinutes: number
  /** A typical number of places a day: sizes the candidate list, it is not a hard cap. */
  readonly placesPerDay: number
}

export const PACE_SETTINGS: Readonly<Record<Pace, PaceSettings>> = {
  'slow-paced': { dayStart: 10 * 60, dayEnd: 18 * 60, visitFactor: 1.25, pauseMinutes: 30, placesPerDay: 3 },
  moderate: { dayStart: 9 * 60, dayEnd: 19 * 60, visitFactor: 1, pauseMinutes: 0, placesPerDay: 5 },
  'fast-paced': { dayStart: 8 * 60, dayEnd: 21 * 60, visitFactor: 0.75, pauseMinutes: 0, placesPerDay: 7 },
}

export const MIDNIGHT = 24 * 60
export const SLOT_MINUTES = 30
export const MIN_VISIT_MINUTES = 30
export const MAX_VISIT_MINUTES = 6 * 60

export const roundUpToSlot = (minutes: number) => Math.ceil(minutes / SLOT_MINUTES - 1e-9) * SLOT_MINUTES
export const roundDownToSlot = (minutes: number) => Math.floor(minutes / SLOT_MINUTES + 1e-9) * SLOT_MINUTES

/** A visit length for this pace, on the half-hour grid. */
export function paceVisitMinutes(visitMinutes: number, pace: PaceSettings): number {
  const scaled = Math.round((visitMinutes * pace.visitFactor) / SLOT_MINUTES) * SLOT_MINUTES
  return Math.min(MAX_VISIT_MINUTES, Math.max(MIN_VISIT_MINUTES, scaled))
}

/** Normalises "Slow paced", "SLOW-PACED"... to a pace, or undefined. */
export function parsePace(text: string): Pace | undefined {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
  return PACES.find((pace) => pace === slug)
}
