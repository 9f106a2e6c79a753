import type http from 'node:http'

/** How long the rest of an unread request body is read and dropped before the connection closes anyway. */
const LINGER_MS = 2_000

/**
 * An answer given before the request's body was read (a 401 or 413 to a large upload) is followed, on a
 * connection that closes, by Node destroying the socket while the client is still sending: the client's
 * next write fails (EPIPE or a reset) and it may never read the answer that was sent. Like the "lingering
 * close" of other web servers, this keeps reading and dropping the rest of the body for a short while, so
 * the client finishes sending and reads the answer, and then closes.
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
    req.on('data', () => {}).once('end', close)
    req.resume()
    socket.once('end', close).once('close', () => clearTimeout(timer))
  })
}
