import type { ServerResponse } from 'node:http'
import type { RunningServer } from '../../node/server/index.ts'

/** What a stop had to cut off: requests received but unanswered, and every connection left. */
export interface Abandoned {
  readonly requests: number
  readonly connections: number
  /** Answers already streaming their body (a download through the proxy), cut off at once. */
  readonly downloads: number
}

export interface TrackedServer {
  /** Requests received and not answered yet. */
  inFlight(): number
  /**
   * Stops accepting connections, answers the requests under way, each with `Connection: close`
   * (as any request still arriving on a kept-alive connection), and resolves once every
   * connection is closed. An answer whose body is still streaming when the stop comes (a proxied
   * download) is cut off at once: it changes nothing, and its client may take any time to read
   * it. After `timeoutMs` it destroys the connections left instead and resolves with what it
   * abandoned.
   */
  close(timeoutMs: number): Promise<Abandoned>
}

/** Where an answer under way is in the tracker's list. */
const openIndex = Symbol('openIndex')
type Tracked = ServerResponse & { [openIndex]?: number | undefined }

/**
 * Follows a server's requests from its start, for a graceful stop: Node's own `server.close()`
 * goes on serving kept-alive connections, so under steady load it would never finish.
 * @example const tracked = trackRequests(running); const abandoned = await tracked.close(10_000)
 */
export function trackRequests(running: Pick<RunningServer, 'server' | 'close'>): TrackedServer {
  // The answers under way, each knowing its index; one that closes gives its place to the last.
  // Not a Set: under load, answers that took a few ms (a proxied one, a delayed one) and passed
  // through a V8 Set or Map were kept alive past the young generation, promoted and later
  // collected whole (`--trace-gc-nvp`; docs/performance.md, "The proxy").
  const open: Tracked[] = []
  let closing = false
  // One listener for every answer, not a closure (and `once`'s wrapper) made per request: an
  // answer closes once, and this runs on every request.
  function onClose(this: Tracked): void {
    const index = this[openIndex]
    if (index === undefined) return
    this[openIndex] = undefined
    const last = open.pop() as Tracked
    if (last !== this) {
      open[index] = last
      last[openIndex] = index
    }
    // An answer that had begun before the stop leaves its connection open and idle.
    if (closing) running.server.closeIdleConnections()
  }
  running.server.prependListener('request', (_request, response: Tracked) => {
    response[openIndex] = open.length
    open.push(response)
    if (closing) response.shouldKeepAlive = false
    response.on('close', onClose)
  })

  return {
    inFlight: () => open.length,
    async close(timeoutMs) {
      closing = true
      let downloads = 0
      // A copy: a destroyed answer leaves the list.
      for (const response of open.slice()) {
        if (!response.headersSent) response.shouldKeepAlive = false
        else if (!response.writableEnded) {
          // Destroying it cancels the body's stream, which aborts the upstream request.
          downloads++
          response.destroy()
        }
      }
      const closed = running.close().then(
        () => 'closed' as const,
        () => 'closed' as const,
      )
      let timer: ReturnType<typeof setTimeout> | undefined
      const timedOut = new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), timeoutMs)
      })
      const outcome = await Promise.race([closed, timedOut])
      clearTimeout(timer)
      if (outcome === 'closed') return { requests: 0, connections: 0, downloads }
      const requests = open.length
      const connections = await new Promise<number>((resolve) =>
        running.server.getConnections((_error, count) => resolve(count)),
      )
      running.server.closeAllConnections()
      await closed
      return { requests, connections, downloads }
    },
  }
}
