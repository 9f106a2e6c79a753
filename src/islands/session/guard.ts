import { loginUrl, roleAllowed, type RouteAccess } from '../../modules/auth/route-access.ts'
import { $loggedIn, $loggingOut, $user, initSession } from './store.ts'

/**
 * The browser half of the route guards: the layout renders guarded pages with their content hidden
 * and a "Loading…" status; once the session is settled this reveals the content, shows the denial, or
 * sends the visitor away (replacing the history entry). It keeps watching, so a logout in another tab
 * sends this one to the login page too.
 */
export async function startGuard(root: HTMLElement): Promise<void> {
  const access = JSON.parse(root.dataset.guard ?? '{"kind":"open"}') as RouteAccess
  const loading = root.querySelector<HTMLElement>('[data-guard-loading]')
  const denied = root.querySelector<HTMLElement>('[data-guard-denied]')
  const content = document.querySelector<HTMLElement>('[data-guarded-content]')
  await initSession()

  const evaluate = () => {
    if ($loggingOut.get()) return
    if (!$loggedIn.get()) {
      const target = access.kind === 'role' ? access.visitorGoesTo : '/login'
      location.replace(target === '/login' ? loginUrl(location.pathname + location.search) : target)
      return
    }
    if (loading) loading.hidden = true
    const allowed = roleAllowed(access, $user.get()?.role)
    if (denied) denied.hidden = allowed
    if (content) content.hidden = !allowed
  }
  evaluate()
  $loggedIn.listen(evaluate)
}
