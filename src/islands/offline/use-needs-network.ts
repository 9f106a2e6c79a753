import { useStore } from '@nanostores/react'
import { $online, NEEDS_NETWORK } from '../../pwa/network.ts'

/** The id of the offline banner, which says what works offline and what does not. */
export const OFFLINE_BANNER_ID = 'offline-banner'

/**
 * Props for a button whose action needs the network (save, share, post, like, generate): disabled while
 * offline, described by the offline banner and titled with a plain explanation. Nothing typed is touched.
 */
export function useNeedsNetwork(): { disabled?: true; title?: string; 'aria-describedby'?: string } {
  const online = useStore($online)
  return online ? {} : { disabled: true, title: NEEDS_NETWORK, 'aria-describedby': OFFLINE_BANNER_ID }
}
