import { useState } from 'react'
import { fewerDays, moreDays } from '../../modules/itinerary/planner/day-split.ts'
import { cityCentre, formatDay, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { tripEnd } from '../../modules/itinerary/planner/trip-dates.ts'
import { PACE_LABELS, PACES } from '../home/trip-form.ts'
import { Button } from '../ui/Button.tsx'
import { StayField } from '../home/StayField.tsx'
import type { Stay } from '../../modules/itinerary/planner/trip.ts'
import { RouteMap } from './RouteMap.tsx'
import styles from './overview.module.css'
import type { TripData } from './trip-state.ts'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'

export interface OverviewPanelProps {
  readonly tripData: TripData
  readonly days: readonly PlanDay[]
  readonly cities: readonly string[]
  readonly counts: readonly number[]
  readonly onCounts: (counts: number[]) => void
  /** Where the traveller stays, by city; a change asks for an update like a change of day counts. */
  readonly stays: Readonly<Record<string, Stay>>
  readonly onStay: (city: string, stay: Stay | null) => void
  /** The first day of the trip (YYYY-MM-DD) when it has dates; a change asks for an update like a change of day counts. */
  readonly startDate: string | null
  readonly onStartDate: (date: string) => void
  readonly dirty: boolean
  readonly updating: boolean
  readonly onConfirm: () => void
  /** The pace the next update or re-plan uses. */
  readonly pace: string
  readonly onPace: (pace: string) => void
  readonly lockCount: number
  readonly replanning: boolean
  readonly onReplan: () => void
}

const Arrow = ({ up }: { up: boolean }) => (
  <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={up ? 'M5 12.5l5-5 5 5' : 'M5 7.5l5 5 5-5'} />
  </svg>
)

/** Overview (spec §2): the route on a map and the days per city, with up and down arrows and the confirm button. */
export function OverviewPanel({
  tripData,
  days,
  cities,
  counts,
  onCounts,
  stays,
  onStay,
  startDate,
  onStartDate,
  dirty,
  updating,
  onConfirm,
  pace,
  onPace,
  lockCount,
  replanning,
  onReplan,
}: OverviewPanelProps) {
  const needsNetwork = useNeedsNetwork()
  const single = cities.length < 2
  /** Which city gave a day to which: an arrow moves a day between cities, and says so. */
  const [moved, setMoved] = useState<string | null>(null)
  const change = (next: number[]) => {
    const to = next.findIndex((count, index) => count > (counts[index] ?? 0))
    const from = next.findIndex((count, index) => count < (counts[index] ?? 0))
    if (to >= 0 && from >= 0) setMoved(`One day moved from ${cities[from]} to ${cities[to]}.`)
    onCounts(next)
  }
  return (
    <div className={styles.overview}>
      <RouteMap stops={cities.map((city) => ({ name: city, coordinates: cityCentre(days, city) }))} />
      <dl className={styles.facts}>
        {tripData.origin && (
          <div>
            <dt>From</dt>
            <dd>{tripData.origin}</dd>
          </div>
        )}
        {startDate && (
          <div>
            <dt>
              <label htmlFor="overview-start">Starts on</label>
            </dt>
            <dd className={styles.dates}>
              <input
                id="overview-start"
                type="date"
                className="input"
                value={startDate}
                disabled={updating || replanning}
                required
                onChange={(event) => event.target.value && onStartDate(event.target.value)}
              />
              <span>until {formatDay(tripEnd(startDate, days.length) ?? startDate)}</span>
            </dd>
          </div>
        )}
        <div>
          <dt>
            <label htmlFor="overview-pace">Pace</label>
          </dt>
          <dd>
            <select
              id="overview-pace"
              className={`select ${styles.pace}`}
              value={pace}
              disabled={updating || replanning}
              onChange={(event) => onPace(event.target.value)}
            >
              {PACES.map((option) => (
                <option key={option} value={option}>
                  {PACE_LABELS[option]}
                </option>
              ))}
            </select>
          </dd>
        </div>
        {tripData.tripType.length > 0 && (
          <div>
            <dt>Themes</dt>
            <dd>{tripData.tripType.join(', ')}</dd>
          </div>
        )}
      </dl>

      <h2 className={styles.heading}>Days per city</h2>
      <ol className={styles.cities}>
        {cities.map((city, index) => (
          <li key={city} className={styles.city}>
            <span className={styles.stop} aria-hidden="true">
              {index + 1}
            </span>
            <span className={styles.name}>{city}</span>
            {/* The count and its arrows as one stepper, like a number field's, so the arrows read as more or fewer days, not as reordering. */}
            <span className={styles.stepper} role="group" aria-label={`Days in ${city}`}>
              <span className={styles.count} aria-live="polite">
                {counts[index]} day{counts[index] === 1 ? '' : 's'}
              </span>
              <span className={styles.arrows}>
                <Button
                  variant="secondary"
                  size="sm"
                  iconOnly
                  aria-label={`One more day in ${city}`}
                  disabled={single || updating}
                  onClick={() => change(moreDays(counts, index))}
                >
                  <Arrow up />
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  iconOnly
                  aria-label={`One day fewer in ${city}`}
                  disabled={single || updating || (counts[index] ?? 0) <= 1}
                  onClick={() => change(fewerDays(counts, index))}
                >
                  <Arrow up={false} />
                </Button>
              </span>
            </span>
          </li>
        ))}
      </ol>
      <p className={`${styles.hint} muted`} role="status">
        {dirty && moved}
      </p>
      <h2 className={styles.heading}>Where you stay</h2>
      <div className={styles.stays}>
        {cities.map((city, index) => (
          <StayField
            key={city}
            city={city}
            query={tripData.destinationQueries?.[index] ?? city}
            value={stays[city] ?? null}
            onChange={(stay) => onStay(city, stay)}
            disabled={updating}
          />
        ))}
      </div>
      <div className={styles.actions}>
        {dirty && (
          <Button variant="primary" loading={updating} loadingText="Updating…" disabled={replanning} onClick={onConfirm} {...needsNetwork}>
            Confirm &amp; Update Itinerary
          </Button>
        )}
        <Button variant="secondary" loading={replanning} loadingText="Re-planning…" disabled={updating} onClick={onReplan} {...needsNetwork}>
          Re-plan around my locks
        </Button>
        <p className={`${styles.hint} muted`}>
          {lockCount === 0
            ? 'Lock the places you want to keep (the pin on each place in edit mode), then re-plan: you see what would change before anything does.'
            : `${lockCount} locked place${lockCount === 1 ? '' : 's'} stay${lockCount === 1 ? 's' : ''} where ${lockCount === 1 ? 'it is' : 'they are'}; the rest is planned again with these days and pace.`}
        </p>
      </div>
    </div>
  )
}
