import { useState } from 'react'
import { logout } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'

export function LogoutButton() {
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  return (
    <Button
      variant="secondary"
      disabled={!hydrated}
      loading={busy}
      loadingText="Logging out…"
      onClick={async () => {
        setBusy(true)
        await logout()
        location.assign('/')
      }}
    >
      Logout
    </Button>
  )
}
