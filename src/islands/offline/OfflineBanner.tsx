import { useStore } from '@nanostores/react'
import { $online } from '../../pwa/network.ts'
import { OFFLINE_BANNER_ID } from './use-needs-network.ts'
import './offline.css'

export const OFFLINE_TEXT = {
  title: 'You are offline.',
  works: 'Your saved itineraries (calendar and print view), shared itineraries you have opened and the last Roam Share page you viewed still open, read-only.',
  needsNetwork: 'Saving, sharing, posting, liking and generating need a connection and are turned off until it returns. Nothing you have typed is lost.',
} as const

/** Says, while there is no connection, what still works and what waits for the network. */
export function OfflineBanner() {
  const online = useStore($online)
  return (
    <div id={OFFLINE_BANNER_ID} className="offline-banner" role="status" hidden={online}>
      {!online && (
        <div className="container">
          <strong>{OFFLINE_TEXT.title}</strong> {OFFLINE_TEXT.works} {OFFLINE_TEXT.needsNetwork}
        </div>
      )}
    </div>
  )
}
