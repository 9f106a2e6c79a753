import { useDraggable } from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { useId, useState, type FormEvent } from 'react'
import type { CandidatePlace } from '../../modules/itinerary/planner/edit-rules.ts'
import { formatDuration, sameCity, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { useLoad, type Load } from '../ui/use-load.ts'
import { dayLabel, type DragData } from './DayCalendar.tsx'
import { OSM_ATTRIBUTION, showsOpenStreetMap } from '../../modules/itinerary/planner/place-hours.ts'
import styles from './explore.module.css'

/** A place as /api/places/explore and /api/places/search-attraction answer (spec §3, explored places). */
export interface ExplorePlace extends CandidatePlace {
  readonly id: string
  readonly duration?: number
  readonly categories?: readonly string[]
}

/** "Open 09:00–18:00" for a place's own hours, "Typical hours" for its kind's. */
const exploreHours = (place: ExplorePlace) =>
  place.opening_hours === undefined ? undefined : place.hours_known ? `Open ${place.opening_hours.open}–${place.opening_hours.close}` : 'Typical hours'

export type ExploreState = Load<readonly ExplorePlace[]>

/** Suggested places in the trip's cities and nearby (spec §7 explore), fetched once per set of cities. */
export function useExplore(cities: readonly string[]): ExploreState {
  const key = cities.join(',')
  return useLoad<readonly ExplorePlace[]>(
    async (signal) => (key ? (await api<{ places: ExplorePlace[] }>(`/api/places/explore?city=${encodeURIComponent(key)}`, { signal })).places : null),
    [key],
    { clearOnChange: true },
  )
}

function groupByCity(places: readonly ExplorePlace[], cities: readonly string[]) {
  const groups = new Map<string, ExplorePlace[]>()
  for (const city of cities) groups.set(city, [])
  for (const place of places) {
    const home = cities.find((city) => sameCity(city, place.city)) ?? place.city
    groups.set(home, [...(groups.get(home) ?? []), place])
  }
  return [...groups].filter(([, list]) => list.length > 0)
}

function PlaceItem({
  place,
  list,
  editing,
  target,
  plannedOn,
  onAdd,
}: {
  place: ExplorePlace
  list: string
  editing: boolean
  target: PlanDay | undefined
  /** The day number it is already planned on, if any. */
  plannedOn: number | undefined
  onAdd: (place: ExplorePlace) => void
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${list}:${place.id}`,
    data: { kind: 'explore', place, name: place.name } satisfies DragData,
    disabled: !editing || plannedOn !== undefined,
  })
  return (
    <li className={isDragging ? `${styles.item} ${styles.dragging}` : styles.item} ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform) }}>
      <div className={styles.text}>
        <span className={styles.name}>{place.name}</span>
        {place.address && <span className={styles.address}>{place.address}</span>}
        <span className={styles.meta}>
          {place.city}
          {place.duration ? ` · about ${formatDuration(place.duration)}` : ''}
          {exploreHours(place) ? ` · ${exploreHours(place)}` : ''}
        </span>
      </div>
      {plannedOn !== undefined ? (
        <span className={styles.planned}>On Day {plannedOn}</span>
      ) : (
        editing && (
          <div className={styles.actions}>
            <button
              type="button"
              className={`btn btn--ghost btn--sm btn--icon ${styles.handle}`}
              aria-label={`Drag ${place.name} onto a day`}
              {...attributes}
              {...listeners}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <circle cx="7" cy="5" r="1.5" />
                <circle cx="13" cy="5" r="1.5" />
                <circle cx="7" cy="10" r="1.5" />
                <circle cx="13" cy="10" r="1.5" />
                <circle cx="7" cy="15" r="1.5" />
                <circle cx="13" cy="15" r="1.5" />
              </svg>
            </button>
            <Button size="sm" variant="secondary" aria-label={`Add ${place.name} to ${target ? dayLabel(target) : 'the day'}`} onClick={() => onAdd(place)}>
              Add
            </Button>
          </div>
        )
      )}
    </li>
  )
}

export interface ExplorePanelProps {
  readonly cities: readonly string[]
  readonly days: readonly PlanDay[]
  readonly explore: ExploreState
  readonly editing: boolean
  /** Adds a place to a day (the page applies the edit rules and says what went wrong). */
  readonly onAdd: (place: CandidatePlace, dayIndex: number) => void
}

/** Explore (spec §2): suggested places grouped by city; in edit mode, adding to a day and the attraction search. */
export function ExplorePanel({ cities, days, explore, editing, onAdd }: ExplorePanelProps) {
  const ids = useId()
  const [target, setTarget] = useState(0)
  const [query, setQuery] = useState('')
  const [searchCity, setSearchCity] = useState(cities[0] ?? '')
  const [results, setResults] = useState<{ status: 'idle' | 'searching' | 'done' | 'failed'; places: readonly ExplorePlace[] }>({ status: 'idle', places: [] })
  const targetDay = days[target]
  const planned = new Map(days.flatMap((day) => day.places.map((place) => [place.id, day.day] as const)))

  const add = (place: ExplorePlace) => onAdd(place, target)

  const search = async (event: FormEvent) => {
    event.preventDefault()
    if (!query.trim()) return
    setResults({ status: 'searching', places: [] })
    try {
      const answer = await api<{ results: ExplorePlace[] }>(
        `/api/places/search-attraction?query=${encodeURIComponent(query.trim())}&city=${encodeURIComponent(searchCity)}`,
      )
      setResults({ status: 'done', places: answer.results })
    } catch {
      setResults({ status: 'failed', places: [] })
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.title}>
        Explore
      </h2>
      {editing ? (
        <div className={styles.tools}>
          <FormField as="select" label="Add places to" value={target} onChange={(event) => setTarget(Number(event.target.value))}>
            {days.map((day, index) => (
              <option key={day.day} value={index}>
                {dayLabel(day)}
              </option>
            ))}
          </FormField>
          <form className={styles.search} role="search" onSubmit={search}>
            <FormField label="Search attractions" type="search" value={query} maxLength={100} onChange={(event) => setQuery(event.target.value)} />
            <FormField as="select" label="City" value={searchCity} onChange={(event) => setSearchCity(event.target.value)}>
              {cities.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </FormField>
            <Button type="submit" variant="secondary" loading={results.status === 'searching'}>
              Search
            </Button>
          </form>
          {results.status === 'failed' && <p className="muted">The search did not answer. Please try again.</p>}
          {results.status === 'done' && (
            <div>
              <h3 className={styles.city}>Search results</h3>
              {results.places.length === 0 ? (
                <p className="muted">No attractions found.</p>
              ) : (
                <ul className={styles.list}>
                  {results.places.map((place) => (
                    <PlaceItem key={place.id} list="search" place={place} editing target={targetDay} plannedOn={planned.get(place.id)} onAdd={add} />
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      ) : (
        <p className={`muted ${styles.hint}`}>Choose Edit Itinerary to add these places to your days.</p>
      )}

      <Loaded load={explore} loading="Finding places…" failed={() => <p className="muted">Suggestions could not be loaded.</p>}>
        {(suggested) => (
          <>
            {groupByCity(suggested, cities).map(([city, places]) => (
              <div key={city} className={styles.group}>
                <h3 className={styles.city}>{city}</h3>
                <ul className={styles.list}>
                  {places.map((place) => (
                    <PlaceItem
                      key={place.id}
                      list={`explore-${city}`}
                      place={place}
                      editing={editing}
                      target={targetDay}
                      plannedOn={planned.get(place.id)}
                      onAdd={add}
                    />
                  ))}
                </ul>
              </div>
            ))}
            {showsOpenStreetMap([{ places: suggested }]) && <p className={`muted ${styles.credit}`}>{OSM_ATTRIBUTION}</p>}
          </>
        )}
      </Loaded>
    </section>
  )
}
