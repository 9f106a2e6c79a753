import { loginUrl, roleAllowed, type RouteAccess } from '../../modules/auth/route-access.ts'
import { $loggingOut, $signedIn, $user, initSession, refreshAccessToken } from './store.ts'

/**
 * The browser half of the route guards: the layout renders guarded pages with their content hidden
 * and a "Loading…" status; once the session is settled this reveals the content, shows the denial, or
 * sends the visitor away (replacing the history entry). It keeps watching, so a logout in another tab
 * sends this one to the login page too. A traveller who signed in before and is offline now stays: the
 * page opens from the service worker's copies.
 */
export async function startGuard(root: HTMLElement): Promise<void> {
  const access = JSON.parse(root.dataset.guard ?? '{"kind":"open"}') as RouteAccess
  const loading = root.querySelector<HTMLElement>('[data-guard-loading]')
  const denied = root.querySelector<HTMLElement>('[data-guard-denied]')
  const content = document.querySelector<HTMLElement>('[data-guarded-content]')
  await initSession()

  let renewedAt = 0
  let roleRechecked = false
  const evaluate = () => {
    if ($loggingOut.get()) return
    // Back online with a token that expired meanwhile: renew it before deciding (once in a while, not in a loop).
    if (!$signedIn.get() && $user.get() && Date.now() - renewedAt > 5000) {
      renewedAt = Date.now()
      void refreshAccessToken().finally(evaluate)
      return
    }
    if (!$signedIn.get()) {
      const target = access.kind === 'role' ? access.visitorGoesTo : '/login'
      location.replace(target === '/login' ? loginUrl(location.pathname + location.search) : target)
      return
    }
    const allowed = roleAllowed(access, $user.get()?.role)
    // A role given since this session began (an admin just named): a refresh brings the account as it is now.
    if (!allowed && access.kind === 'role' && !roleRechecked) {
      roleRechecked = true
      void refreshAccessToken().finally(evaluate)
      return
    }
    if (loading) loading.hidden = true
    if (denied) denied.hidden = allowed
    if (content) content.hidden = !allowed
  }
  evaluate()
  $signedIn.listen(evaluate)
}
