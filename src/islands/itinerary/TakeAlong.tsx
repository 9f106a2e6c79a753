import { googleMapsDirections, openStreetMapLegs } from '../../modules/itinerary/planner/directions.ts'
import { tripFileName } from '../../modules/itinerary/planner/calendar-name.ts'
import { dayPlace, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import { Button } from '../ui/Button.tsx'
import { saveFile } from '../ui/save-file.ts'
import { RouteSketch } from './RouteSketch.tsx'
import { toast } from '../ui/Toast.tsx'
import styles from './take-along.module.css'

export const ROUTE_FILE_FAILED = 'The route file could not be made. Please try again.'

/** Saves the trip as GPX or KML, made in the browser (it works offline and before the trip is saved). */
async function downloadRoute(title: string, days: readonly PlanDay[], format: 'gpx' | 'kml') {
  // The writer (and its time-zone table) loads only when a file is asked for.
  const { itineraryGpx, itineraryKml } = await import('../../modules/itinerary/planner/route-files.ts')
  const text = format === 'gpx' ? itineraryGpx(title, days) : itineraryKml(title, days)
  const type = format === 'gpx' ? 'application/gpx+xml' : 'application/vnd.google-earth.kml+xml'
  saveFile(new Blob([text], { type }), tripFileName(title, format))
}

/** Each day's route sketched, its directions in Google Maps and OpenStreetMap, and the whole trip as GPX and KML. */
export function TakeAlong({ title, days }: { title: string; days: readonly PlanDay[] }) {
  const routed = days.filter((day) => day.places.length > 0)
  const download = (format: 'gpx' | 'kml') => () => void downloadRoute(title, days, format).catch(() => toast(ROUTE_FILE_FAILED, { kind: 'error' }))
  return (
    <section className={styles.along} aria-labelledby="take-along-heading">
      <h2 id="take-along-heading">Take the days along</h2>
      <div className={styles.files}>
        <Button variant="secondary" onClick={download('gpx')}>
          Download GPX
        </Button>
        <Button variant="secondary" onClick={download('kml')}>
          Download KML
        </Button>
      </div>
      {routed.length > 0 && (
        <ul className={styles.days}>
          {routed.map((day) => (
            <li key={day.day}>
              <RouteSketch days={[day]} width={220} height={140} label={`Map of Day ${day.day}`} />
              <span className={styles.day}>
                Day {day.day} · {dayPlace(day)}
              </span>
              {day.places.length > 1 && (
                <>
                  <span>Directions:</span>
                  <a href={googleMapsDirections(day)} target="_blank" rel="noopener noreferrer" aria-label={`Directions in Google Maps, day ${day.day}`}>
                    Google Maps
                  </a>
                  <details className={styles.legs}>
                    <summary aria-label={`Directions for day ${day.day} in OpenStreetMap, leg by leg`}>OpenStreetMap, leg by leg</summary>
                    <ol>
                      {openStreetMapLegs(day).map((leg, k) => (
                        <li key={k}>
                          <a href={leg.url} target="_blank" rel="noopener noreferrer">
                            {leg.from} → {leg.to}
                          </a>
                        </li>
                      ))}
                    </ol>
                  </details>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
