import { sketchDays, type SketchedDay } from '../../modules/itinerary/planner/route-sketch.ts'
import styles from './route-sketch.module.css'

/** A colour per day, distinct on white and for common colour blindness (Okabe–Ito). */
const DAY_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000']

interface RouteSketchProps {
  readonly days: readonly SketchedDay[]
  readonly width: number
  readonly height: number
  /** The sketch's name for screen readers ("Map of Day 2"); omit for a decorative thumbnail. */
  readonly label?: string
  /** A thumbnail: smaller dots, no numbers. */
  readonly compact?: boolean
}

/**
 * Where the days go without map tiles or script: numbered stops, the legs (walked solid, by transit or taxi
 * dashed), a scale bar. Server-rendered on the shared page; a thumbnail on My Itineraries' cards.
 */
export function RouteSketch({ days, width, height, label, compact = false }: RouteSketchProps) {
  const sketch = sketchDays(days, width, height, compact ? 10 : 18)
  if (!sketch) return null
  const radius = compact ? 3.5 : 9
  const colour = (day: number) => DAY_COLOURS[day % DAY_COLOURS.length]!
  return (
    <svg
      className={styles.sketch}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
    >
      <rect className={styles.ground} width={width} height={height} rx={compact ? 0 : 8} />
      {sketch.legs.map((leg, k) => (
        <line
          key={k}
          x1={leg.from.x}
          y1={leg.from.y}
          x2={leg.to.x}
          y2={leg.to.y}
          stroke={colour(leg.to.day)}
          strokeWidth={compact ? 1.5 : 2.5}
          strokeLinecap="round"
          {...(leg.mode && leg.mode !== 'walk' ? { strokeDasharray: compact ? '3 3' : '6 5' } : {})}
        />
      ))}
      {sketch.stops.map((stop) => (
        <g key={`${stop.day}-${stop.number}`}>
          {!compact && <title>{`${stop.number}. ${stop.name}`}</title>}
          <circle cx={stop.x} cy={stop.y} r={radius} fill={colour(stop.day)} stroke="#fff" strokeWidth={compact ? 1 : 2} />
          {!compact && (
            <text x={stop.x} y={stop.y} className={styles.number} textAnchor="middle" dominantBaseline="central">
              {stop.number}
            </text>
          )}
        </g>
      ))}
      {!compact && (
        <g className={styles.scale}>
          <line x1={sketch.scale.x} y1={sketch.scale.y} x2={sketch.scale.x + sketch.scale.length} y2={sketch.scale.y} />
          <text x={sketch.scale.x} y={sketch.scale.y - 4}>
            {sketch.scale.label}
          </text>
        </g>
      )}
    </svg>
  )
}
