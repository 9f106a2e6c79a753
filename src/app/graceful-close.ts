import type http from 'node:http'
import net from 'node:net'

/**
 * A connection accepted just before the stop may hold a request not read yet (the event loop busy with
 * others): it gets this long to show it before an idle connection is ended.
 */
const LATE_REQUEST_MS = 1000

/**
 * Stops an HTTP server the way a supervisor's stop signal asks: no new connections, every request under way
 * answered in full, then each connection ended once its answer is flushed (never destroyed with bytes
 * unsent, as `closeIdleConnections` may do to an answer that has just finished). Answers given while
 * stopping say `Connection: close`. After `graceMs`, whatever is left is closed.
 */
export function gracefulClose(server: http.Server): (graceMs: number) => Promise<void> {
  const busy = new Map<net.Socket, number>()
  let stopping = false
  const endIfIdle = (socket: net.Socket) => {
    if (stopping && !busy.get(socket)) socket.end()
  }
  server.on('connection', (socket: net.Socket) => {
    busy.set(socket, 0)
    socket.once('close', () => busy.delete(socket))
  })
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket
    busy.set(socket, (busy.get(socket) ?? 0) + 1)
    if (stopping) res.shouldKeepAlive = false
    res.once('close', () => {
      busy.set(socket, (busy.get(socket) ?? 1) - 1)
      endIfIdle(socket)
    })
  })
  return (graceMs) =>
    new Promise((resolve) => {
      stopping = true
      const forced = setTimeout(() => server.closeAllConnections(), graceMs)
      // net's close: http's would first destroy the connections it deems idle, answers still flushing among them.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(forced)
        resolve()
      })
      setTimeout(() => {
        for (const socket of busy.keys()) endIfIdle(socket)
      }, LATE_REQUEST_MS)
    })
}
