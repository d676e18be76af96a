import { get } from 'node:http'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { trackRequests } from '../../src/tools/cli/track-requests.ts'
import {
  commentKey,
  commentsPath,
  rawRequest,
  startServer,
  waitFor,
  type RawAnswer,
} from '../support/index.ts'

async function started(): Promise<{
  url: string
  key: string
  tracked: ReturnType<typeof trackRequests>
}> {
  const running = await startServer()
  return { url: running.url, key: commentKey(running.mock.store), tracked: trackRequests(running) }
}

/** A comment update that the server holds `delayMs` before it answers. */
function slowUpdate(url: string, key: string, delayMs: number): Promise<RawAnswer> {
  return rawRequest(`${url}${commentsPath}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Prefer: `delay=${delayMs}`,
    },
    body: JSON.stringify({ Key: key, Message: `Held ${delayMs} ms.` }),
  })
}

describe('trackRequests', () => {
  it('close() answers the requests under way, each with Connection: close, even under steady keep-alive load', async () => {
    const { url, key, tracked } = await started()
    const answers: RawAnswer[] = []
    const failures: string[] = []
    // Four clients on kept-alive connections, each nearly always with an update under way, for
    // up to 200 updates (8 s or more); their delays differ, so they are not all between two
    // updates at the same instant.
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 0; i < 200; i++) {
        try {
          answers.push(await slowUpdate(url, key, 40 + 7 * client))
        } catch (error) {
          failures.push((error as Error).message)
          return
        }
      }
    })
    await waitFor('4 answers', () => (answers.length >= 4 ? true : undefined), 10_000)
    await waitFor('updates under way', () => (tracked.inFlight() > 0 ? true : undefined), 5000, 1)
    const underWay = tracked.inFlight()
    const answeredBefore = answers.length
    // Node's own server.close() would wait for these connections as long as the load lasts,
    // and so reach the time-out.
    const abandoned = await tracked.close(5000)
    await Promise.all(clients)
    expect(abandoned).toEqual({ requests: 0, connections: 0, downloads: 0 })
    expect(tracked.inFlight()).toBe(0)
    // Those under way were answered, with Connection: close; then every client was refused.
    // (An answer the server had finished just before may still have been on its way.)
    const after = answers.slice(answeredBefore)
    expect(after.map((answer) => answer.status)).toEqual(after.map(() => 200))
    expect(after.filter((answer) => answer.headers.connection === 'close')).toHaveLength(underWay)
    expect(after.length).toBeLessThanOrEqual(4)
    expect(failures).toHaveLength(4)
    for (const failure of failures) expect(failure).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|hang up/)
  })

  it('close() past its time-out destroys what is left and says what it abandoned', async () => {
    const { url, key, tracked } = await started()
    const held = slowUpdate(url, key, 10_000).catch((error: Error) => error)
    await waitFor(
      'the update under way',
      () => (tracked.inFlight() > 0 ? true : undefined),
      5000,
      1,
    )
    expect(tracked.inFlight()).toBe(1)
    const closing = performance.now()
    const abandoned = await tracked.close(300)
    const took = performance.now() - closing
    expect(abandoned).toEqual({ requests: 1, connections: 1, downloads: 0 })
    expect(took).toBeGreaterThanOrEqual(290)
    // It did not wait for the held update (10 s): judged against that, not a clock.
    expect(took).toBeLessThan(10_000)
    expect(await held).toBeInstanceOf(Error)
  })

  it('close() cuts off at once an answer still streaming to a client that stopped reading, cancelling its body', async () => {
    let cancelled = false
    const endless = http.get('*/endless', () => {
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
        cancel: () => {
          cancelled = true
        },
      })
      return new HttpResponse(body, { headers: { 'Content-Type': 'application/octet-stream' } })
    })
    const running = await startServer({ handlers: [endless] })
    const tracked = trackRequests(running)
    const reading = new Promise<void>((resolve, reject) => {
      const request = get(`${running.url}/endless`, (response) => {
        // The first bytes came; then this client reads no more, as a paused tab.
        response.once('data', () => {
          response.pause()
          resolve()
        })
        response.once('error', () => undefined)
      })
      request.once('error', (error) => reject(error))
    })
    await reading
    const closing = performance.now()
    const abandoned = await tracked.close(10_000)
    expect(abandoned).toEqual({ requests: 0, connections: 0, downloads: 1 })
    // Not held for the time-out: the stream was cut, not waited for.
    expect(performance.now() - closing).toBeLessThan(10_000 / 2)
    await waitFor('the body to be cancelled', () => (cancelled ? true : undefined), 5000)
  })
})
