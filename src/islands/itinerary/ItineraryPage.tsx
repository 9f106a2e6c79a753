import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { loginUrl } from '../../modules/auth/route-access.ts'
import type { SavedItineraryView } from '../../modules/itinerary/saved/views.ts'
import { fromSaved } from './saved-state.ts'
import { api } from '../session/api.ts'
import { $loggedIn, $signedIn, initSession } from '../session/store.ts'
import { buttonClass } from '../ui/Button.tsx'
import { Loading } from '../ui/Loading.tsx'
import { toast } from '../ui/Toast.tsx'
import { takePendingSaveFailure } from './pending-save.ts'
import { readItineraryState, type ItineraryPageState } from './trip-state.ts'
import { ItineraryWorkspace } from './ItineraryWorkspace.tsx'
import './itinerary.css'

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'empty' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly state: ItineraryPageState }

/**
 * The itinerary page (spec §2): the itinerary just generated (kept in session storage), or a saved one
 * with `?id=` (`&edit=1` opens it in edit mode).
 */
export function ItineraryPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const loggedIn = useStore($loggedIn)

  useEffect(() => {
    const failure = takePendingSaveFailure()
    if (failure) toast(failure, { kind: 'error' })
    const params = new URLSearchParams(location.search)
    const id = params.get('id')
    const editing = params.get('edit') === '1'
    const stored = readItineraryState()
    if (!id) {
      setLoad(stored ? { status: 'ready', state: stored } : { status: 'empty' })
      return
    }
    // The same saved itinerary, still being worked on in this tab: keep its unsaved changes.
    if (stored?.savedId === id) {
      setLoad({ status: 'ready', state: editing ? { ...stored, isEditing: true } : stored })
      return
    }
    void (async () => {
      await initSession()
      if (!$signedIn.get()) {
        location.replace(loginUrl(location.pathname + location.search))
        return
      }
      try {
        const saved = await api<SavedItineraryView>(`/api/saved-itineraries/${encodeURIComponent(id)}`, { auth: true })
        setLoad({ status: 'ready', state: fromSaved(saved, editing) })
      } catch {
        setLoad({ status: 'failed' })
      }
    })()
  }, [])

  useEffect(() => void initSession(), [])

  if (load.status === 'loading') return <Loading variant="page" label="Loading itinerary…" />
  if (load.status === 'empty' || load.status === 'failed') {
    return (
      <div className="container container--narrow page-body itinerary-empty">
        <h1>{load.status === 'empty' ? 'No itinerary yet' : 'This itinerary could not be loaded.'}</h1>
        <p className="muted">
          {load.status === 'empty'
            ? 'Plan a trip on the home page: your day-by-day itinerary opens here.'
            : 'It may have been deleted, or it belongs to another account.'}
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
  return <ItineraryWorkspace initial={load.state} />
}
