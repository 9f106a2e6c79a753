import { Clock, Effect } from 'effect'

/** The current time from Effect's Clock (tests provide their own). */
export const now: Effect.Effect<Date> = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** YYYY-MM-DD in UTC. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10)

export const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
