import { useState } from 'react'
import { logout } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'

export function LogoutButton() {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="secondary"
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
