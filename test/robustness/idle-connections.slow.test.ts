import { afterEach, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, fastestMs, startServer } from '../support/index.ts'
import { connectRaw, destroyAllRaw, openRawCount, type RawClient } from './raw-client.ts'

// Thousands of idle connections against the Node server (hostile-clients.test.ts has the other
// hostile clients). The slow tier: opening and closing 2000 sockets takes seconds, and more on
// a loaded machine.

/**
 * An update beside the idle connections takes at most this many times as long as before they
 * opened; the time before counts as at least `baselineFloorMs`.
 */
const servingRatio = 10
const baselineFloorMs = 5

afterEach(() => {
  // Before the server closes (when the test ends), or it would wait for these connections.
  destroyAllRaw()
})

/** An ordinary update, answered 200 with its message (a frozen server fails it in 10 s). */
async function updateOn(url: string, key: string): Promise<void> {
  const response = await fetch(`${url}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ Key: key, Message: 'served' }),
    signal: AbortSignal.timeout(10_000),
  })
  expect(response.status).toBe(200)
  expect(((await response.json()) as { Message: string }).Message).toBe('served')
}

describe('idle connections', () => {
  it('serves a request as fast as without them while 2000 idle connections are open', async () => {
    // Longer time-outs here, so the idle connections stay open for the whole test rather than
    // being cut off by the 500 ms headers time-out while they are opened.
    const store = createStore({ seed: 1 })
    const server = await startServer({
      store,
      timeouts: { headersMs: 10_000, requestMs: 10_000, idleMs: 10_000 },
    })
    const update = (): Promise<void> => updateOn(server.url, commentKey(store))
    // The same request on the same server before the connections open: the baseline.
    const baselineMs = await fastestMs(update)
    let wanted = 2000
    const clients: RawClient[] = []
    // Opened in batches, so the accept queue never overflows; fewer if the file limit is hit.
    while (clients.length < wanted) {
      const batch = Math.min(250, wanted - clients.length)
      const opened = await Promise.allSettled(
        Array.from({ length: batch }, () => connectRaw(server.port)),
      )
      for (const result of opened) {
        if (result.status === 'fulfilled') clients.push(result.value)
        else if ((result.reason as NodeJS.ErrnoException).code === 'EMFILE') wanted = 1000
        else throw result.reason
      }
      if (wanted === 1000 && clients.length < 1000 && opened.every((r) => r.status === 'rejected'))
        throw new Error(
          `Failed to open 1000 connections: the file limit stopped at ${clients.length}`,
        )
    }
    expect(clients.length).toBeGreaterThanOrEqual(1000)

    await update()
    const ms = await fastestMs(update)
    const summary = `${ms.toFixed(1)} ms against ${baselineMs.toFixed(1)} ms before`
    expect(ms, summary).toBeLessThanOrEqual(servingRatio * Math.max(baselineMs, baselineFloorMs))
    const state = await fetch(`${server.url}/__mock/state`, { signal: AbortSignal.timeout(10_000) })
    expect(state.status).toBe(200)
    // The idle connections were really open while the requests were served.
    expect(openRawCount()).toBeGreaterThanOrEqual(clients.length - 10)
  })
})
