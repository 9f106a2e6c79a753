import type http from 'node:http'

/** How long a connection answered before its body was read stays open, at most, for the client to read the answer. */
const LINGER_MS = 2_000

/**
 * An answer given before the request's body was read (a 401 or 413 to a large upload, a 429 to a flood) is
 * followed, on a connection that closes, by Node destroying the socket while the client is still sending:
 * the unread body turns the close into a reset, and the client may never read the answer that was sent.
 * Like the "lingering close" of other web servers, the connection stays open a short while after the
 * answer; unlike reading and dropping the rest, it stops reading: the client's sending stalls on its own and
 * a flood of large refused bodies costs the server nothing. It closes once the client does, or after
 * `LINGER_MS`.
 */
export function lingerAfterEarlyAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const socket = req.socket
  res.once('finish', () => {
    if (req.complete || socket.destroyed) return
    // Node closes a connection that is not kept alive with socket.destroySoon(): destroy once our side is flushed.
    if (!socket.listeners('finish').includes(socket.destroy)) return
    socket.removeListener('finish', socket.destroy)
    const close = () => {
      clearTimeout(timer)
      socket.destroy()
    }
    const timer = setTimeout(close, LINGER_MS)
    req.removeAllListeners('data')
    socket.pause()
    socket.once('end', close).once('close', () => clearTimeout(timer))
  })
}
