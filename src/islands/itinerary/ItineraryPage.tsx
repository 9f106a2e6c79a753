import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { loginUrl } from '../../modules/auth/route-access.ts'
import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import { fromSaved } from './saved-state.ts'
import { api } from '../session/api.ts'
import { $loggedIn, $signedIn, initSession } from '../session/store.ts'
import { buttonClass } from '../ui/Button.tsx'
import { Loading } from '../ui/Loading.tsx'
import { toast } from '../ui/Toast.tsx'
import { useLoad } from '../ui/use-load.ts'
import { takePendingSaveFailure } from './pending-save.ts'
import { readItineraryState, type ItineraryPageState } from './trip-state.ts'
import { ItineraryWorkspace } from './ItineraryWorkspace.tsx'
import styles from './itinerary-page.module.css'
import { CopySharedTrip } from '../trips/CopySharedTrip.tsx'

/**
 * What the page opens: the itinerary kept in this tab, or the saved one of `?id=`; `state` is null when
 * there is none yet. Null (still loading) while a signed-out visitor is sent to the login page.
 */
async function openItinerary(): Promise<{ readonly state: ItineraryPageState | null } | null> {
  const params = new URLSearchParams(location.search)
  const id = params.get('id')
  const editing = params.get('edit') === '1'
  const stored = readItineraryState()
  if (!id) return { state: stored }
  // The same saved itinerary, still being worked on in this tab: keep its unsaved changes.
  if (stored?.savedId === id) return { state: editing ? { ...stored, isEditing: true } : stored }
  await initSession()
  if (!$signedIn.get()) {
    location.replace(loginUrl(location.pathname + location.search))
    return null
  }
  return { state: fromSaved(await api<SavedItineraryView>(`/api/saved-itineraries/${encodeURIComponent(id)}`, { auth: true }), editing) }
}

/**
 * The itinerary page (spec §2): the itinerary just generated (kept in session storage), or a saved one
 * with `?id=` (`&edit=1` opens it in edit mode); `?copy=<shareId>` copies a shared trip first.
 */
export function ItineraryPage({ mapStyleUrl }: { readonly mapStyleUrl?: string | undefined }) {
  const copy = typeof window === 'undefined' ? null : new URLSearchParams(location.search).get('copy')
  return copy ? <CopySharedTrip shareId={copy} /> : <OpenedItinerary mapStyleUrl={mapStyleUrl} />
}

function OpenedItinerary({ mapStyleUrl }: { readonly mapStyleUrl: string | undefined }) {
  const page = useLoad(openItinerary, [])
  const loggedIn = useStore($loggedIn)

  useEffect(() => {
    const failure = takePendingSaveFailure()
    if (failure) toast(failure, { kind: 'error' })
  }, [])

  useEffect(() => void initSession(), [])

  if (page.data?.state) return <ItineraryWorkspace initial={page.data.state} mapStyleUrl={mapStyleUrl} />
  if (!page.data && !page.error) return <Loading variant="page" label="Loading itinerary…" />
  const failed = page.error !== null
  return (
    <div className={`container container--narrow page-body ${styles.empty}`}>
      <h1>{failed ? 'This itinerary could not be loaded.' : 'No itinerary yet'}</h1>
      <p className="muted">
        {failed ? 'It may have been deleted, or it belongs to another account.' : 'Plan a trip on the home page: your day-by-day itinerary opens here.'}
      </p>
      <p className="cluster">
        <a className={buttonClass({ variant: 'primary' })} href="/#plan">
          Plan a trip
        </a>
        {loggedIn && (
          <a className={buttonClass({ variant: 'secondary' })} href="/my-itineraries">
            My Itineraries
          </a>
        )}
      </p>
    </div>
  )
}
