/** Server messages the browser acts on (not only shows). Dependency-free, so any island may import it. */

/** What a blocked account hears from every call; the browser then ends its session. */
export const ACCOUNT_BLOCKED = 'Your account has been blocked.'
