import { sketchDays, type SketchedDay } from '../../modules/itinerary/planner/route-sketch.ts'
import type { KeyboardEvent } from 'react'
import styles from './route-sketch.module.css'

/** A colour per day, distinct on white and for common colour blindness (Okabe–Ito). */
export const DAY_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000']

/** A stop by its sketched day (0-based among `days`) and its number in that day's order (from 1). */
export interface SketchedStopRef {
  readonly day: number
  readonly number: number
}

interface RouteSketchProps {
  readonly days: readonly SketchedDay[]
  readonly width: number
  readonly height: number
  /** The sketch's name for screen readers ("Map of Day 2"); omit for a decorative thumbnail. */
  readonly label?: string
  /** A thumbnail: smaller dots, no numbers. */
  readonly compact?: boolean
  /** Stops become buttons named "N. Place name" (Tab moves between them); choosing one calls this. */
  readonly onChoose?: ((stop: SketchedStopRef) => void) | undefined
  /** The stop drawn as chosen (ringed). */
  readonly chosen?: SketchedStopRef | null | undefined
}

/**
 * Where the days go without map tiles or script: numbered stops, the legs (walked solid, by transit or taxi
 * dashed), a scale bar. Server-rendered on the shared page; a thumbnail on My Itineraries' cards.
 */
export function RouteSketch({ days, width, height, label, compact = false, onChoose, chosen }: RouteSketchProps) {
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
      {...(label ? { role: onChoose ? 'group' : 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
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
      {!compact &&
        sketch.stays.map((stay) => (
          <g key={`${stay.x},${stay.y}`} className={styles.stay}>
            <title>Where you stay</title>
            <rect x={stay.x - 7} y={stay.y - 7} width={14} height={14} rx={3} />
          </g>
        ))}
      {sketch.stops.map((stop) => (
        <g
          key={`${stop.day}-${stop.number}`}
          {...(onChoose
            ? {
                role: 'button',
                tabIndex: 0,
                'aria-label': `${stop.number}. ${stop.name}`,
                'aria-pressed': chosen?.day === stop.day && chosen.number === stop.number,
                className: styles.stop,
                onClick: () => onChoose({ day: stop.day, number: stop.number }),
                onKeyDown: (event: KeyboardEvent) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return
                  event.preventDefault()
                  onChoose({ day: stop.day, number: stop.number })
                },
              }
            : {})}
        >
          {!compact && <title>{`${stop.number}. ${stop.name}`}</title>}
          {chosen?.day === stop.day && chosen.number === stop.number && (
            <circle className={styles.chosen} cx={stop.x} cy={stop.y} r={radius + 5} fill="none" strokeWidth={3} />
          )}
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
