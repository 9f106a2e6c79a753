import { useEffect, useRef, useState } from 'react'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'

const COPIED_FOR_MS = 2000

/** Spec §2, My Itineraries: the read-only link, Copy (shows "Copied!") and Close. */
export function ShareDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const [shownUrl, setShownUrl] = useState(url)
  if (url !== shownUrl) {
    // A new link resets the label.
    setShownUrl(url)
    setCopied(false)
  }

  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '')
    } catch {
      // No clipboard permission: select the text so the traveller can copy it by hand.
      input.current?.select()
      document.execCommand?.('copy')
    }
    setCopied(true)
  }

  return (
    <Dialog
      open={url !== null}
      onClose={onClose}
      title="Share itinerary"
      initialFocusRef={input}
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" onClick={() => void copy()} aria-live="polite">
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor="share-link">
          Read-only link
        </label>
        <input id="share-link" ref={input} className="input" type="text" readOnly value={url ?? ''} onFocus={(event) => event.target.select()} />
        <p className="field__hint">Anyone with this link can see the itinerary, without an account.</p>
      </div>
    </Dialog>
  )
}
