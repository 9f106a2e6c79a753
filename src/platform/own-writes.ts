import { Context } from 'effect'

/**
 * Read-your-writes across the async read models (statistics, activity, notifications, moderation history),
 * which the projector updates a moment after a command commits. A request that appended events such a model
 * reads answers with the position of its last event in a cookie; the same browser's next request carries it
 * back, and a read of an async model first waits (bounded) until the projector has passed it. A cookie works
 * whatever process answers the next request, and for a page reloaded as for a call.
 */
export interface LogPoint {
  /** The transaction's id (xid8, digits). */
  readonly transactionId: string
  readonly globalPosition: number
}

export interface OwnWritesState {
  /** What the request's reads of async read models wait for: the position the client last wrote. */
  readonly readAfter: LogPoint | undefined
  /** The position of the last event this request committed that an async read model reads. */
  written: LogPoint | undefined
}

export const OwnWrites = Context.Reference<OwnWritesState>('roam/OwnWrites', { defaultValue: () => ({ readAfter: undefined, written: undefined }) })

export const OWN_WRITES_COOKIE = 'roam_written'
/** Long enough for any projector to catch up; after it, reads no longer wait. */
const COOKIE_MAX_AGE_S = 60

const POINT = /^(\d{1,19})\.(\d{1,15})$/

/** Which of two points comes later in the projectors' reading order. */
export function laterOf(a: LogPoint | undefined, b: LogPoint): LogPoint {
  return a && comparePoints(a, b) >= 0 ? a : b
}

export function comparePoints(a: LogPoint, b: LogPoint): number {
  const byTransaction = BigInt(a.transactionId) - BigInt(b.transactionId)
  return byTransaction !== 0n ? (byTransaction > 0n ? 1 : -1) : a.globalPosition - b.globalPosition
}

/** The point a request's cookie header carries, if any (anything malformed is ignored). */
export function ownWritesFrom(cookieHeader: string | null | undefined): LogPoint | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2)
    if (name !== OWN_WRITES_COOKIE || !value) continue
    const match = POINT.exec(value)
    if (match) return { transactionId: match[1]!, globalPosition: Number(match[2]) }
  }
  return undefined
}

/** The Set-Cookie header that carries a request's last write to the same browser's next requests. */
export function ownWritesCookie(point: LogPoint, secure: boolean): string {
  return `${OWN_WRITES_COOKIE}=${point.transactionId}.${point.globalPosition}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}
