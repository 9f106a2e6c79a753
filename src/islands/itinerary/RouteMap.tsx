import { geoMercator, geoPath } from 'd3-geo'
import type { FeatureCollection, Geometry } from 'geojson'
import { useEffect, useId, useMemo, useState } from 'react'
import type { Coordinates } from '../../modules/itinerary/planner/plan.ts'
import styles from './route-map.module.css'

/** A city on the route: drawn when its coordinates are known. */
export interface RouteStop {
  readonly name: string
  readonly coordinates?: Coordinates | undefined
}

type Countries = FeatureCollection<Geometry>

let world: Promise<Countries> | undefined

/** Country outlines (Natural Earth 1:110m via world-atlas), loaded once and only when a map is shown. */
function loadCountries(): Promise<Countries> {
  world ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(([atlas, topojson]) => {
    const topology = (atlas as { default?: unknown }).default ?? atlas
    return topojson.feature(topology as never, (topology as { objects: { countries: never } }).objects.countries) as unknown as Countries
  })
  return world
}

function useCountries(): Countries | null {
  const [countries, setCountries] = useState<Countries | null>(null)
  useEffect(() => {
    let live = true
    loadCountries()
      .then((loaded) => live && setCountries(loaded))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])
  return countries
}

/** The area to show: the stops with a margin, at least a few degrees across so one city is not a dot on a blank. */
function frame(points: readonly Coordinates[]) {
  const lats = points.map((point) => point.latitude)
  const lons = points.map((point) => point.longitude)
  const lat = [Math.min(...lats), Math.max(...lats)]
  const lon = [Math.min(...lons), Math.max(...lons)]
  const latPad = Math.max(1.5, (lat[1]! - lat[0]!) * 0.25)
  const lonPad = Math.max(2.5, (lon[1]! - lon[0]!) * 0.25)
  const south = Math.max(-80, lat[0]! - latPad)
  const north = Math.min(84, lat[1]! + latPad)
  const west = Math.max(-180, lon[0]! - lonPad)
  const east = Math.min(180, lon[1]! + lonPad)
  return {
    type: 'MultiPoint' as const,
    coordinates: [
      [west, south],
      [east, north],
      [west, north],
      [east, south],
    ],
  }
}

export interface RouteMapProps {
  readonly stops: readonly RouteStop[]
  readonly width?: number
  readonly height?: number
  /** A thumbnail: no labels, thinner lines. */
  readonly compact?: boolean
  /** Hidden from assistive technology (when the text next to it already names the route). */
  readonly decorative?: boolean
}

/** The route on an offline SVG map of country outlines: numbered cities joined in visiting order. */
export function RouteMap({ stops, width = 640, height = 360, compact = false, decorative = false }: RouteMapProps) {
  const countries = useCountries()
  const clipId = useId()
  const placed = stops.filter((stop): stop is RouteStop & { coordinates: Coordinates } => Boolean(stop.coordinates))
  const label = `Route map: ${stops.map((stop) => stop.name).join(' → ')}`

  const drawing = useMemo(() => {
    if (placed.length === 0) return null
    const projection = geoMercator().fitExtent(
      [
        [8, 8],
        [width - 8, height - 8],
      ],
      frame(placed.map((stop) => stop.coordinates)),
    )
    const path = geoPath(projection)
    const points = placed.map((stop) => projection([stop.coordinates.longitude, stop.coordinates.latitude])!)
    const route =
      placed.length > 1 ? path({ type: 'LineString', coordinates: placed.map((stop) => [stop.coordinates.longitude, stop.coordinates.latitude]) }) : null
    const land = countries ? countries.features.map((country, index) => ({ key: `${country.id ?? index}`, d: path(country) ?? '' })) : []
    return { points, route, land }
  }, [placed.map((stop) => `${stop.coordinates.latitude},${stop.coordinates.longitude}`).join(';'), countries, width, height])

  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${width} ${height}`}
      {...(decorative ? { 'aria-hidden': true, focusable: false } : { role: 'img', 'aria-label': label })}
    >
      {!decorative && <title>{label}</title>}
      <clipPath id={clipId}>
        <rect width={width} height={height} rx={compact ? 8 : 14} />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        <rect width={width} height={height} fill="#cfe3ea" />
        {drawing?.land.map((country) => (
          <path key={country.key} d={country.d} fill="#e7efe6" stroke="#ffffff" strokeWidth={compact ? 0.5 : 1} />
        ))}
        {drawing?.route && (
          <path
            d={drawing.route}
            fill="none"
            stroke="#0d6b6b"
            strokeWidth={compact ? 2 : 3}
            strokeLinecap="round"
            strokeDasharray={compact ? '0.1 5' : '0.1 9'}
          />
        )}
        {drawing?.points.map(([x, y], index) => (
          <g key={index}>
            <circle
              cx={x}
              cy={y}
              r={compact ? 7 : 13}
              fill={index === drawing.points.length - 1 && index > 0 ? '#e0945f' : '#0d6b6b'}
              stroke="#ffffff"
              strokeWidth={compact ? 1.5 : 2.5}
            />
            <text
              x={x}
              y={y + (compact ? 3.5 : 5)}
              textAnchor="middle"
              fontSize={compact ? 9 : 13}
              fontWeight={700}
              fill="#ffffff"
              fontFamily="system-ui, sans-serif"
            >
              {index + 1}
            </text>
            {!compact && (
              <text
                x={x + 18}
                y={y + 5}
                fontSize={14}
                fontWeight={600}
                fill="#17262e"
                stroke="#ffffff"
                strokeWidth={3}
                paintOrder="stroke"
                fontFamily="system-ui, sans-serif"
              >
                {placed[index]!.name}
              </text>
            )}
          </g>
        ))}
      </g>
    </svg>
  )
}
