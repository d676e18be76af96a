import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createHandlers, createMock, createStore, type Har } from '../../handlers/index.ts'
import { harEntry, harOf } from './replay-har.ts'
import { entryProblems } from './replay-problems.ts'

// Issue 26, point 7: createHandlers(mock, { replay }) refuses an entry that would fail while
// answering, naming the entry and the field; what DevTools exports still loads.

describe('createHandlers with a recording that cannot be replayed', () => {
  it.each(entryProblems)('refuses %s, naming the entry and the field', (_name, bad, message) => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const har = { log: { entries: [harEntry({ url: 'http://cms.example/ok' }), bad] } }
    const refusal = (): unknown => createHandlers(mock, { replay: har as unknown as Har })
    expect(refusal).toThrow(new RegExp(`^replay 1: entry 1: ${message.source.slice(1)}`))
  })
})

describe('createHandlers with what DevTools records', () => {
  const mock = createMock({ store: createStore({ seed: 1 }) })
  const handlers = createHandlers(mock, {
    replay: harOf(
      harEntry({
        url: 'http://cms.example/socket',
        status: 101,
        headers: [
          { name: ':status', value: '101' },
          { name: 'upgrade', value: 'websocket' },
        ],
      }),
      harEntry({
        url: 'http://cms.example/logo.png',
        headers: [{ name: 'content-type', value: 'image/png' }],
        text: 'iVBORw0K',
        encoding: 'base64',
      }),
    ),
  })
  const send = async (path: string): Promise<Response> =>
    (await getResponse(handlers, new Request(`http://localhost${path}`))) as Response

  it('answers a recorded 1xx (a WebSocket) with 502, and skips HTTP/2 pseudo-headers', async () => {
    const socket = await send('/socket')
    expect(socket.status).toBe(502)
    expect(socket.headers.get('upgrade')).toBe('websocket')
  })

  it('serves base64 content as its bytes', async () => {
    const logo = await send('/logo.png')
    expect([...new Uint8Array(await logo.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a,
    ])
  })
})
