import { copiesText, tripCitiesText, type TripCard as Card } from '../../modules/roam-share/trip-card.ts'
import { RouteSketch } from '../itinerary/RouteSketch.tsx'
import { Button } from '../ui/Button.tsx'
import styles from './trips.module.css'

interface TripCardProps {
  readonly card: Card
  /** Shows or hides the trip day by day; without it the card only tells what the trip is. */
  readonly onView?: (() => void) | undefined
  readonly viewing?: boolean
}

/** The trip a post carries: a thumbnail of its route, its title, cities with day counts and how many made it theirs. */
export function TripCard({ card, onView, viewing = false }: TripCardProps) {
  const copies = copiesText(card.copies)
  const days = card.sketch.map((stops) => ({ places: stops.map(([latitude, longitude]) => ({ name: '', latitude, longitude })) }))
  return (
    // trip-card: the browser tests find the card by it.
    <section className={`card card--flat ${styles.card} trip-card`} aria-label={`Trip: ${card.title}`}>
      <RouteSketch days={days} width={96} height={72} compact />
      <div className={styles.summary}>
        <p className={styles.title}>{card.title}</p>
        <p className="muted text-sm">{tripCitiesText(card)}</p>
        {copies && <p className="text-sm">{copies}</p>}
      </div>
      {onView && (
        <Button size="sm" variant="secondary" aria-expanded={viewing} onClick={onView}>
          {viewing ? 'Hide trip' : 'View trip'}
        </Button>
      )}
    </section>
  )
}
