import { useEffect, useRef, useState } from 'react'
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl'
import type { SketchedDay } from '../../modules/itinerary/planner/route-sketch.ts'
import { DAY_COLOURS, type SketchedStopRef } from './RouteSketch.tsx'
import styles from './day-map.module.css'

interface StreetMapProps {
  /** The MapLibre style (MAP_STYLE_URL). */
  readonly styleUrl: string
  readonly days: readonly SketchedDay[]
  readonly chosen: SketchedStopRef | null
  readonly onChoose: (stop: SketchedStopRef) => void
  /** The style could not be loaded or WebGL is missing: the caller draws the map without tiles. */
  readonly onFail: () => void
  /** Called once the map has drawn its style: the tile-free drawing can go. */
  readonly onReady: () => void
}

type MapLibre = typeof import('maplibre-gl')

let library: Promise<MapLibre> | undefined

/** MapLibre and its stylesheet, loaded once and only when a street map is shown. */
function loadMapLibre(): Promise<MapLibre> {
  library ??= Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')]).then(
    ([module]) => (module as { default?: MapLibre }).default ?? module,
  )
  return library
}

/** The days' legs as lines, each day in its colour, a ride dashed. */
function legsOf(days: readonly SketchedDay[]) {
  return {
    type: 'FeatureCollection' as const,
    features: days.flatMap((day, d) =>
      day.places.slice(1).map((place, k) => ({
        type: 'Feature' as const,
        properties: { colour: DAY_COLOURS[d % DAY_COLOURS.length]!, ride: place.travel_mode !== undefined && place.travel_mode !== 'walk' },
        geometry: {
          type: 'LineString' as const,
          coordinates: [
            [day.places[k]!.longitude, day.places[k]!.latitude],
            [place.longitude, place.latitude],
          ],
        },
      })),
    ),
  }
}

/** A stop's marker: a button named "N. Place name" that opens the place, as the calendar's card does. */
function stopButton(day: number, number: number, name: string, onChoose: (stop: SketchedStopRef) => void): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = styles.marker!
  button.textContent = String(number)
  button.style.backgroundColor = DAY_COLOURS[day % DAY_COLOURS.length]!
  button.setAttribute('aria-label', `${number}. ${name}`)
  button.title = `${number}. ${name}`
  button.addEventListener('click', () => onChoose({ day, number }))
  return button
}

/**
 * The days on a street map (MapLibre over the configured style): numbered stops as buttons, the legs in
 * each day's colour (rides dashed), where the traveller stays, a scale and the tiles' credit. Tells its
 * caller when it cannot draw (no WebGL, the style host out of reach) so the tile-free drawing stays.
 */
export function StreetMap({ styleUrl, days, chosen, onChoose, onFail, onReady }: StreetMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const map = useRef<MapLibreMap | null>(null)
  const markers = useRef<Marker[]>([])
  const [loaded, setLoaded] = useState(false)
  const latest = useRef({ onChoose, onFail, onReady })
  latest.current = { onChoose, onFail, onReady }

  useEffect(() => {
    let gone = false
    loadMapLibre()
      .then((maplibre) => {
        if (gone || !container.current) return
        const created = new maplibre.Map({
          container: container.current,
          style: styleUrl,
          attributionControl: { compact: true },
          cooperativeGestures: false,
          dragRotate: false,
          pitchWithRotate: false,
        })
        map.current = created
        created.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right')
        created.addControl(new maplibre.ScaleControl({ unit: 'metric' }), 'top-left')
        created.on('error', () => {
          if (!created.isStyleLoaded()) latest.current.onFail()
        })
        created.on('load', () => {
          if (gone) return
          created.addSource('legs', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
          const line = (id: string, ride: boolean) =>
            created.addLayer({
              id,
              type: 'line',
              source: 'legs',
              filter: ['==', ['get', 'ride'], ride],
              paint: { 'line-color': ['get', 'colour'], 'line-width': 3, ...(ride ? { 'line-dasharray': [2, 2] } : {}) },
              layout: { 'line-cap': 'round' },
            })
          line('walked-legs', false)
          line('ridden-legs', true)
          setLoaded(true)
          latest.current.onReady()
        })
      })
      .catch(() => latest.current.onFail())
    return () => {
      gone = true
      map.current?.remove()
      map.current = null
    }
  }, [styleUrl])

  /** The chosen stop ringed, as in the calendar. */
  const ring = () => {
    let k = 0
    for (const [d, day] of days.entries()) {
      for (let number = 1; number <= day.places.length; number++) {
        const element = markers.current[k++]?.getElement()
        const isChosen = chosen?.day === d && chosen.number === number
        element?.setAttribute('aria-pressed', String(isChosen))
        element?.classList.toggle(styles.chosenMarker!, isChosen)
      }
      if (day.stay) k++
    }
  }

  // The stops, legs and stay drawn anew whenever the days change; the view fits them.
  useEffect(() => {
    const shown = map.current
    if (!loaded || !shown) return
    void loadMapLibre().then((maplibre) => {
      for (const marker of markers.current) marker.remove()
      markers.current = []
      ;(shown.getSource('legs') as GeoJSONSource | undefined)?.setData(legsOf(days))
      const bounds = new maplibre.LngLatBounds()
      for (const [d, day] of days.entries()) {
        for (const [k, place] of day.places.entries()) {
          const element = stopButton(d, k + 1, place.name, (stop) => latest.current.onChoose(stop))
          markers.current.push(new maplibre.Marker({ element }).setLngLat([place.longitude, place.latitude]).addTo(shown))
          bounds.extend([place.longitude, place.latitude])
        }
        if (day.stay) {
          const element = document.createElement('span')
          element.className = styles.stayMarker!
          element.title = 'Where you stay'
          element.setAttribute('aria-hidden', 'true')
          markers.current.push(new maplibre.Marker({ element }).setLngLat([day.stay.longitude, day.stay.latitude]).addTo(shown))
          bounds.extend([day.stay.longitude, day.stay.latitude])
        }
      }
      // Room for the scale (top left), the zoom buttons (top right) and the credit (along the bottom).
      if (!bounds.isEmpty()) shown.fitBounds(bounds, { padding: { top: 40, right: 52, bottom: 52, left: 28 }, maxZoom: 16, duration: 0 })
      ring()
    })
  }, [loaded, days])

  useEffect(ring, [chosen?.day, chosen?.number])

  return <div ref={container} className={styles.street} />
}
