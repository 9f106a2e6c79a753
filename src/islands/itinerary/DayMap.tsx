import { useEffect, useMemo, useState } from 'react'
import type { PlaceRef } from '../../modules/itinerary/planner/edit-rules.ts'
import { dayPlace, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import { RouteSketch } from './RouteSketch.tsx'
import { StreetMap } from './StreetMap.tsx'
import styles from './day-map.module.css'

const WIDTH = 288
const HEIGHT = 216

/** What the map shows: one day (its index) or the whole trip. */
type Shown = number | 'trip'

interface DayMapProps {
  readonly days: readonly PlanDay[]
  /** The place chosen last, on the map or in the calendar: its day is shown and its stop ringed. */
  readonly chosen: PlaceRef | null
  /** A stop chosen on the map: the same place details as the calendar opens. */
  readonly onChoose: (ref: PlaceRef) => void
  /** Where the traveller stays, by destination city. */
  readonly stays?: Readonly<Record<string, Stay>> | undefined
  /** The day another view shows (the phone's day view): the map follows it, and tells it of a day picked here. */
  readonly day?: number | undefined
  readonly onDay?: ((index: number) => void) | undefined
  /** The street map's style (MAP_STYLE_URL); none: the map is drawn without tiles. */
  readonly styleUrl?: string | undefined
}

const NO_STAYS: Readonly<Record<string, Stay>> = {}

const firstDayWithPlaces = (days: readonly PlanDay[]) =>
  Math.max(
    0,
    days.findIndex((day) => day.places.length > 0),
  )

/**
 * Where each day goes: a day's stops numbered in visiting order, its legs (walked solid, by transit or taxi
 * dashed) and where the traveller stays, or the whole trip with each day in its own colour. On a street map
 * when MAP_STYLE_URL's style loads; drawn without tiles until then, offline or without WebGL. Each stop is a
 * button named "N. Place name" that opens its details; the calendar stays the primary view.
 */
export function DayMap({ days, chosen, onChoose, stays = NO_STAYS, day: followed, onDay, styleUrl }: DayMapProps) {
  // The street map once its style has drawn; until then, or without one, the drawing without tiles.
  const [street, setStreet] = useState<'loading' | 'ready' | 'failed'>(styleUrl ? 'loading' : 'failed')
  const [shown, setShown] = useState<Shown>(() => followed ?? chosen?.day ?? firstDayWithPlaces(days))
  useEffect(() => {
    if (followed !== undefined) setShown((current) => (current === 'trip' ? current : followed))
  }, [followed])
  // A place chosen in the calendar brings its day onto the map (the whole trip already shows it).
  useEffect(() => {
    if (chosen) setShown((current) => (current === 'trip' ? current : chosen.day))
  }, [chosen?.day, chosen?.index])
  const day = shown === 'trip' ? undefined : days[Math.min(shown, days.length - 1)]
  const indexes = shown === 'trip' ? days.map((_, index) => index) : [Math.min(shown, days.length - 1)]
  const label = shown === 'trip' ? 'Map of the whole trip' : `Map of Day ${day?.day ?? 1}`
  const ringed = chosen && indexes.includes(chosen.day) ? { day: indexes.indexOf(chosen.day), number: chosen.index + 1 } : null
  const sketched = useMemo(() => indexes.map((index) => ({ places: days[index]!.places, stay: stays[days[index]!.city] })), [days, stays, shown])
  const choose = (stop: { day: number; number: number }) => onChoose({ day: indexes[stop.day]!, index: stop.number - 1 })
  return (
    <section className={styles.map} aria-labelledby="day-map-heading">
      <div className={styles.head}>
        <h2 id="day-map-heading" className={styles.heading}>
          Map
        </h2>
        <label className={styles.choice}>
          <span className="visually-hidden">Show on the map</span>
          <select
            className="input"
            value={String(shown)}
            onChange={(event) => {
              const next = event.target.value === 'trip' ? 'trip' : Number(event.target.value)
              setShown(next)
              if (next !== 'trip') onDay?.(next)
            }}
          >
            {days.map((each, index) => (
              <option key={each.day} value={index}>
                Day {each.day} · {dayPlace(each)}
              </option>
            ))}
            <option value="trip">Whole trip</option>
          </select>
        </label>
      </div>
      {indexes.some((index) => days[index]!.places.length > 0) ? (
        <div role="region" aria-label={label} className={street === 'ready' ? styles.frame : `${styles.frame} ${styles.drawing}`}>
          {styleUrl && street !== 'failed' && (
            <StreetMap
              styleUrl={styleUrl}
              days={sketched}
              chosen={ringed}
              onChoose={choose}
              onFail={() => setStreet('failed')}
              onReady={() => setStreet('ready')}
            />
          )}
          {street !== 'ready' && <RouteSketch days={sketched} width={WIDTH} height={HEIGHT} label={label} chosen={ringed} onChoose={choose} />}
        </div>
      ) : (
        <p className="muted text-sm">Nothing is planned on this day.</p>
      )}
    </section>
  )
}
