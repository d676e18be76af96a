import { AsyncLocalStorage } from 'node:async_hooks'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock, createStore } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { commentKey, origin } from '../support/index.ts'

// Issue 15: sessions in msw's setupServer, where they keep concurrent tests of one process
// apart. The handlers' `session` option names the session of every request that names none;
// here it is the running test's, carried by AsyncLocalStorage through the app's own fetches.

const mock = createMock({ store: createStore({ seed: 1 }), defaultFormat: 'json' })
const currentTest = new AsyncLocalStorage<string>()
const server = setupServer(...createHandlers(mock, { session: () => currentTest.getStore() }))
const key = commentKey(createStore({ seed: 1 }))

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

/** What the app under test does: plain fetches, naming no session. */
async function saveMessage(message: string): Promise<void> {
  const response = await fetch(`${origin}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ Key: key, Message: message }),
  })
  expect(response.status).toBe(200)
}

async function readMessage(): Promise<string | undefined> {
  const state = (await (await fetch(`${origin}/__mock/state`)).json()) as {
    Comments: { Key: string; Message: string }[]
  }
  return state.Comments.find((comment) => comment.Key === key)?.Message
}

describe('sessions in setupServer', () => {
  it.concurrent.each(['first', 'second', 'third'])(
    'keeps the writes of the %s concurrent test to itself',
    (name) =>
      currentTest.run(name, async () => {
        for (let round = 0; round < 5; round++) {
          await saveMessage(`${name} ${round}`)
          // The other tests write the same comment in between; this one reads its own.
          await new Promise((resolve) => setTimeout(resolve, 1))
          expect(await readMessage()).toBe(`${name} ${round}`)
        }
        expect(mock.sessions.get(name).store.state.comments.get(key.toLowerCase())?.Message).toBe(
          `${name} 4`,
        )
      }),
  )

  it('leaves the shared state alone, and a request that names a session itself wins', async () => {
    expect(await readMessage()).not.toMatch(/^(first|second|third) /)
    await currentTest.run('outer', async () => {
      const response = await fetch(`${origin}/__mock/state?__session=inner`)
      expect(response.status).toBe(200)
    })
    expect(mock.sessions.list().map((s) => s.id)).toContain('inner')
    expect(mock.sessions.list().map((s) => s.id)).not.toContain('outer')
  })
})
