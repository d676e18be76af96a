import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers, createMock, createStore, type Har } from '../../handlers/index.ts'

// Issue 16: `createHandlers(mock, { replay })` in Vitest, through setupServer: a DevTools-style
// recording answers what the mock does not implement, any host and path.

const har: Har = {
  log: {
    version: '1.2',
    creator: { name: 'DevTools', version: '1' },
    entries: [
      {
        startedDateTime: '2026-03-01T12:00:00.000Z',
        time: 5,
        request: {
          method: 'GET',
          url: 'https://cms.example.com/RestApi/pages/home?lang=en',
          httpVersion: 'HTTP/2',
          headers: [],
          queryString: [{ name: 'lang', value: 'en' }],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: '',
          httpVersion: 'HTTP/2',
          headers: [
            { name: 'content-type', value: 'application/json' },
            { name: 'content-encoding', value: 'br' },
          ],
          cookies: [],
          content: { size: 16, mimeType: 'application/json', text: '{"Title":"Home"}' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 5, receive: 0 },
      },
    ],
  },
}

const mock = createMock({ store: createStore({ seed: 1 }) })
const server = setupServer(...createHandlers(mock, { replay: har }))
beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }))
afterAll(() => server.close())

describe('replay through setupServer', () => {
  it('answers a recorded request, decoded, whatever host the app calls', async () => {
    const response = await fetch('http://localhost:5173/RestApi/pages/home?lang=en')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(await response.json()).toEqual({ Title: 'Home' })
    const [entry] = mock.control.journal.entries(1)
    expect(entry).toMatchObject({ source: 'replay', status: 200 })
  })

  it('leaves the mock its own operations, and a request no entry matches gets the 404', async () => {
    const miss = await fetch('http://localhost:5173/RestApi/pages/home?lang=de')
    expect(miss.status).toBe(404)
    const update = await fetch('http://localhost:5173/RestApi/ab-testing', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Title: 'New' }),
    })
    expect(update.status).toBe(200)
  })
})

describe('a recording that cannot be replayed', () => {
  it.each([
    ['no entries list', { log: {} }, /^replay 1 has no log\.entries list$/],
    [
      'an entry without a URL',
      { log: { entries: [{ request: { method: 'GET' }, response: { status: 200 } }] } },
      /^replay 1: entry 0: request\.url is missing/,
    ],
    [
      'an entry without a status',
      {
        log: {
          entries: [
            har.log.entries[0],
            { request: { method: 'GET', url: 'http://h/x' }, response: {} },
          ],
        },
      },
      /^replay 1: entry 1: response\.status is missing$/,
    ],
  ])('stops createHandlers for %s, naming the entry', (_name, document, message) => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    expect(() => createHandlers(mock, { replay: document as unknown as Har })).toThrow(message)
  })
})
