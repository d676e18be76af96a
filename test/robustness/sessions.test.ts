import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import {
  abTestId,
  abTestsPath,
  buildApp,
  commentKey,
  commentsPath,
  startServer,
} from '../support/index.ts'

// Issue 15, robustness of sessions: writes of many sessions interleaved on one server end as
// each session's own requests would alone, and the number of sessions kept stays bounded.

const seeded = createStore({ seed: 1 })

// The collector on demand, so a heap measure counts what is live, not what awaits collection.
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

interface Write {
  readonly method: string
  readonly path: string
  readonly body: unknown
}

/** The i-th write of session s: comment updates, A/B test updates and creations, services. */
function writeOf(s: number, i: number): Write {
  switch (i % 4) {
    case 0:
      return {
        method: 'PUT',
        path: commentsPath,
        body: { Key: commentKey(seeded, (s + i) % 24), Message: `s${s} w${i}`, Rating: i % 5 },
      }
    case 1:
      return {
        method: 'PUT',
        path: abTestsPath,
        body: { Id: abTestId(seeded, (s + i) % 5), Title: `s${s} w${i}` },
      }
    case 2:
      return { method: 'PUT', path: abTestsPath, body: { Title: `new s${s} w${i}` } }
    default:
      return {
        method: 'POST',
        path: '/RestApi/apiservice/createService',
        body: { Route: `/api/s${s}/w${i}`, Types: [{ Name: `T${i}` }] },
      }
  }
}

function init(write: Write, session?: string): RequestInit {
  return {
    method: write.method,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(session ? { 'X-Mock-Session': session } : {}),
    },
    body: JSON.stringify(write.body),
  }
}

describe('sessions under interleaved writes', () => {
  it('ends each of 20 sessions as a serial replay of its own 50 writes, the shared state untouched', async () => {
    const sessions = 20
    const writes = 50
    const server = await startServer()
    const base = server.url
    const sharedBefore = await (await fetch(`${base}/__mock/state`)).text()
    // Each session sends its writes one after another; the sessions run side by side, so their
    // requests interleave on the server.
    await Promise.all(
      Array.from({ length: sessions }, async (_, s) => {
        for (let i = 0; i < writes; i++) {
          const response = await fetch(base + writeOf(s, i).path, init(writeOf(s, i), `s${s}`))
          expect(response.status).toBe(200)
          await response.arrayBuffer()
        }
      }),
    )
    for (let s = 0; s < sessions; s++) {
      const { app } = buildApp()
      for (let i = 0; i < writes; i++) {
        expect((await app.request(writeOf(s, i).path, init(writeOf(s, i)))).status).toBe(200)
      }
      const replayed = await (await app.request('/__mock/state')).text()
      const served = await (
        await fetch(`${base}/__mock/state`, { headers: { 'X-Mock-Session': `s${s}` } })
      ).text()
      expect(served).toBe(replayed)
      expect(served).toContain(`s${s} w${writes - 1}`)
    }
    expect(await (await fetch(`${base}/__mock/state`)).text()).toBe(sharedBefore)
  }, 60_000)
})

describe('many sessions', () => {
  it('keeps at most maxSessions of 5,000, each still answering with its own state', async () => {
    const mock = createMock({
      store: createStore({ seed: 1 }),
      defaultFormat: 'json',
      maxSessions: 1000,
    })
    const { app } = buildApp({ mock })
    const key = commentKey(seeded)
    collectGarbage()
    const heapBefore = process.memoryUsage().heapUsed
    for (let s = 0; s < 5000; s++) {
      const response = await app.request(commentsPath, {
        ...init(
          { method: 'PUT', path: commentsPath, body: { Key: key, Message: `m${s}` } },
          `x${s}`,
        ),
      })
      expect(response.status).toBe(200)
    }
    expect(mock.sessions.size).toBe(1000)
    expect(mock.sessions.list()[0]?.id).toBe('x4000')
    // A thousand sessions, each with one changed comment, hold little: far from 5,000 states.
    collectGarbage()
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024)
    expect(mock.sessions.get('x4999').store.state.comments.get(key.toLowerCase())?.Message).toBe(
      'm4999',
    )
    // A dropped session starts afresh.
    expect(mock.sessions.get('x0').store.state.comments.get(key.toLowerCase())?.Message).toBe(
      seeded.state.comments.get(key.toLowerCase())?.Message,
    )
  }, 60_000)
})
