import { useEffect, useId, useRef, useState } from 'react'
import { cityCentre, formatDay, type PlanDay } from '../../modules/itinerary/planner/plan.ts'
import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import { CALENDAR_FAILED, downloadCalendar } from '../itinerary/calendar-download.ts'
import { DayCalendar } from '../itinerary/DayCalendar.tsx'
import { RouteMap } from '../itinerary/RouteMap.tsx'
import { RouteSketch } from '../itinerary/RouteSketch.tsx'
import { api } from '../session/api.ts'
import { Button, buttonClass } from '../ui/Button.tsx'
import { useConfirm } from '../ui/Dialog.tsx'
import { Loaded } from '../ui/Loaded.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { ShareDialog } from './ShareDialog.tsx'
import { shareLink } from './share-link.ts'
import styles from './my-itineraries.module.css'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'

/** Spec §2 and §8, My Itineraries: the texts, word for word. */
export const MESSAGES = {
  empty: "You haven't saved any itineraries yet.",
  loadFailed: 'Failed to load your itineraries. Please try again.',
  confirmDelete: 'Are you sure you want to delete this saved itinerary?',
  deleteFailed: 'Failed to delete itinerary. Please try again.',
} as const

const icons = {
  edit: 'M4 20h4L18.5 9.5a2.1 2.1 0 0 0-3-3L5 17v3zM13.5 8.5l3 3',
  share: 'M9 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 6a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM8.7 10.6l6.6-3.2M8.7 13.4l6.6 3.2',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
  calendar:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5h11A2.5 2.5 0 0 1 20 7.5v10a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5v-10zM4 10h16M8.5 3v4M15.5 3v4M12 13v5M9.5 15.5h5',
} as const

const Icon = ({ name }: { name: keyof typeof icons }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d={icons[name]} />
  </svg>
)

function dates(item: SavedItineraryView) {
  const start = item.trip_data.startDate ?? item.trip_data.start_date
  const end = item.trip_data.endDate ?? item.trip_data.end_date
  return start && end ? `${formatDay(start)} – ${formatDay(end)}` : null
}

function TripCard({
  item,
  expanded,
  onToggle,
  onShare,
  onDelete,
}: {
  item: SavedItineraryView
  expanded: boolean
  onToggle: () => void
  onShare: () => void
  onDelete: () => void
}) {
  const panel = useId()
  const needsNetwork = useNeedsNetwork()
  const days = item.itinerary_data as PlanDay[]
  const cities = item.trip_data.destinations
  const when = dates(item)
  return (
    <li className={expanded ? `card ${styles.card} ${styles.expanded}` : `card ${styles.card}`}>
      <div className={styles.top}>
        <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={panel} data-trip={item.saved_id} onClick={onToggle}>
          <span className={styles.map}>
            {/* The days of the first destination, as the plan goes; a trip without places shows its route between cities. */}
            {days.some((day) => day.places.length > 0) ? (
              <RouteSketch days={days.filter((day) => day.city === days.find((first) => first.places.length > 0)!.city)} width={320} height={160} compact />
            ) : (
              <RouteMap stops={cities.map((city) => ({ name: city, coordinates: cityCentre(days, city) }))} width={320} height={160} compact decorative />
            )}
          </span>
          <span className={styles.title}>{item.title}</span>
          <span className={styles.sub}>
            {cities.join(' → ')}
            {when ? ` · ${when}` : ''}
          </span>
        </button>
        <div className={styles.actions}>
          <a
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            href={`/itinerary?id=${encodeURIComponent(item.saved_id)}&edit=1`}
            aria-label={`Edit ${item.title}`}
          >
            <Icon name="edit" /> Edit
          </a>
          <Button variant="ghost" size="sm" aria-label={`Share ${item.title}`} onClick={onShare} {...needsNetwork}>
            <Icon name="share" /> Share
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Add ${item.title} to calendar`}
            onClick={() => downloadCalendar(item.saved_id, item.title).catch(() => toast(CALENDAR_FAILED, { kind: 'error' }))}
            {...needsNetwork}
          >
            <Icon name="calendar" /> Calendar
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${item.title}`} onClick={onDelete} {...needsNetwork}>
            <Icon name="delete" /> Delete
          </Button>
        </div>
      </div>
      <div id={panel} className={styles.calendar} hidden={!expanded}>
        {expanded && <DayCalendar days={days} label={`${item.title}: day calendar`} />}
      </div>
    </li>
  )
}

/** My Itineraries (spec §2): saved trips as cards; one expands at a time into a read-only calendar. */
export function MyItineraries() {
  const trips = useLoad(() => api<SavedItineraryView[]>('/saved-itineraries/user-full', { auth: true }), [])
  // Arriving from a save made at login (`?saved=`): that trip opened, in view.
  const [expanded, setExpanded] = useState<string | null>(() => new URLSearchParams(window.location.search).get('saved'))
  const justSaved = useRef(expanded)
  useEffect(() => {
    if (!justSaved.current || !trips.data) return
    const toggle = document.querySelector<HTMLElement>(`[data-trip="${CSS.escape(justSaved.current)}"]`)
    justSaved.current = null
    toggle?.scrollIntoView({ block: 'start' })
    toggle?.focus({ preventScroll: true })
  }, [trips.data])
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const { confirm, confirmDialog } = useConfirm()

  const share = async (item: SavedItineraryView) => {
    try {
      setShareUrl(await shareLink(item.saved_id))
    } catch (error) {
      toast((error as Error).message, { kind: 'error' })
    }
  }

  const remove = async (item: SavedItineraryView) => {
    const confirmed = await confirm({
      title: MESSAGES.confirmDelete,
      message: 'If you shared it, its link stops working too.',
      confirmLabel: 'Delete',
      confirmVariant: 'danger',
    })
    if (!confirmed) return
    try {
      await api(`/saved-itineraries/${encodeURIComponent(item.saved_id)}`, { auth: true, method: 'DELETE' })
      trips.setData((current) => current && current.filter((other) => other.saved_id !== item.saved_id))
      toast('Itinerary deleted.', { kind: 'success' })
    } catch {
      toast(MESSAGES.deleteFailed, { kind: 'error' })
    }
  }

  return (
    <div className="container page-body">
      <header className="page-header cluster cluster--between">
        <h1>My Itineraries</h1>
        <a className={buttonClass({ variant: 'primary' })} href="/#plan">
          Plan a new trip
        </a>
      </header>
      <Loaded
        load={trips}
        loading="Loading your itineraries…"
        failed={() => (
          <div className="empty-state">
            <p role="alert">{MESSAGES.loadFailed}</p>
            <Button onClick={() => void trips.reload()}>Try again</Button>
          </div>
        )}
      >
        {(items) =>
          items.length === 0 ? (
            <div className="empty-state">
              <p>{MESSAGES.empty}</p>
            </div>
          ) : (
            <ul className={styles.cards}>
              {items.map((item) => (
                <TripCard
                  key={item.saved_id}
                  item={item}
                  expanded={expanded === item.saved_id}
                  onToggle={() => setExpanded((current) => (current === item.saved_id ? null : item.saved_id))}
                  onShare={() => void share(item)}
                  onDelete={() => void remove(item)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
      <ShareDialog url={shareUrl} onClose={() => setShareUrl(null)} />
      {confirmDialog}
    </div>
  )
}
