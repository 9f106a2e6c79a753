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
  let accepted = 0
  /**
   * Connections the kernel has completed wait in its queue until the event loop accepts them, a few per turn
   * when the loop is busy; closing the listener resets those still waiting, requests sent before the stop
   * among them. So it is closed only after a whole turn of the loop (its poll for connections included)
   * accepted none.
   */
  const whenNothingWaitsToBeAccepted = (then: () => void) =>
    setImmediate(() => {
      const seen = accepted
      setImmediate(() => (accepted === seen ? then() : whenNothingWaitsToBeAccepted(then)))
    })
  server.on('connection', (socket: net.Socket) => {
    accepted++
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
      whenNothingWaitsToBeAccepted(() =>
        // net's close: http's would first destroy the connections it deems idle, answers still flushing among them.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(forced)
          resolve()
        }),
      )
      setTimeout(() => {
        for (const socket of busy.keys()) endIfIdle(socket)
      }, LATE_REQUEST_MS)
    })
}
