import { registry } from '../../app/registry.ts'
import { catchUp } from '../../events/projector.ts'
import { handleRefresh } from '../auth/http.ts'
import { setRole } from '../auth/roles.ts'
import { authHarness } from '../auth/test-support.ts'

/** The app with account helpers, plus admins and a way to let the async read models catch up. */
export async function adminHarness() {
  const h = await authHarness()

  /** A logged-in account with a role (set as the operator's CLI would). */
  async function withRole(email: string, role: 'user' | 'admin' | 'super-admin') {
    const session = await h.loggedIn(email)
    if (role !== 'user') await h.run(setRole(email, role, 'cli'))
    return session
  }

  /** Applies every committed event to the async read models (statistics, history), as the runner would. */
  async function settle() {
    for (const projection of registry.async) await catchUp(h.db, projection)
  }

  const refresh = (cookie: string) => h.call(handleRefresh, '/api/auth/refresh', { cookie, headers: { origin: 'http://roam.test' } })

  return { ...h, withRole, settle, refresh }
}
