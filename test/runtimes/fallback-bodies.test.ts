import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createHandlers, createMock, createStore, type Har } from '../../handlers/index.ts'
import { createReplay } from '../../src/mock/replay/index.ts'
import type { ServerOptions } from '../../src/index.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { startServer } from '../support/index.ts'

// Issue 26, point 2: a body is read once. The method override may read a form before the
// operation or a fallback does; a form that falls through to the proxy or a replay still
// reaches it, byte for byte, and a large one still streams.

const form = { 'Content-Type': 'application/x-www-form-urlencoded' }

async function upstream(): Promise<EchoUpstream> {
  const started = await startEchoUpstream()
  onTestFinished(() => started.close())
  return started
}

async function proxyTo(cms: EchoUpstream, options: ServerOptions = {}) {
  return startServer({ proxy: { url: cms.url, timeoutMs: 5_000, insecure: false }, ...options })
}

/** A body sent in chunks of unknown total length (`Transfer-Encoding: chunked`). */
function chunked(bytes: Uint8Array, chunkBytes = 64 * 1024): RequestInit {
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + chunkBytes))
      offset += chunkBytes
    },
  })
  return { body, duplex: 'half' } as RequestInit
}

/** A form of about `bytes` bytes whose last field is the override, where a reader sees it last. */
function largeForm(bytes: number, override = ''): Buffer {
  const tail = override ? `&X-HTTP-Method-Override=${override}` : ''
  return Buffer.from(`Message=${'m'.repeat(bytes)}${tail}`)
}

describe('a form that falls through to --proxy', () => {
  it.each([
    ['POST', '/RestApi/auth'],
    ['PUT', '/RestApi/auth'],
    ['POST', '/RestApi/comments-api/comments'],
  ] as const)(
    'forwards a %s of a form to %s whole (the method override read it first)',
    async (method, path) => {
      const cms = await upstream()
      const mock = await proxyTo(cms)
      const body = 'UserName=bob&Password=x%26y&Remember=true'
      // A RequestInit of its own: the lint rule cannot see that `method` is never GET.
      const init: RequestInit = { method, headers: form, body }
      const response = await fetch(mock.url + path, init)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(`${method} ${path}|${body}`)
      expect(cms.received.map((r) => r.body.toString())).toEqual([body])
    },
  )

  it('forwards a form an operation was passed through for, its override left to the upstream', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms, { passthrough: ['CommentUpdateRequest'] })
    const body = 'Key=k&Message=hi&X-HTTP-Method-Override=PUT'
    const response = await fetch(`${mock.url}/RestApi/comments-api/comments`, {
      method: 'POST',
      headers: form,
      body,
    })
    expect(response.status).toBe(200)
    expect(cms.received.map((r) => `${r.method} ${r.body.toString()}`)).toEqual([`POST ${body}`])
  })

  it('sends the bytes as they arrived: a BOM and invalid UTF-8 reach the upstream unchanged', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Name=a&Bad='),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    ])
    // POST to an operation's path: the override is looked for in the form, then no route takes it.
    const response = await fetch(`${mock.url}/RestApi/comments-api/comments`, {
      method: 'POST',
      headers: form,
      body: bytes,
    })
    expect(response.status).toBe(200)
    expect(cms.received[0]?.body).toEqual(bytes)
  })

  it.each([
    ['with its length declared', (bytes: Buffer): RequestInit => ({ body: new Uint8Array(bytes) })],
    ['sent in chunks', (bytes: Buffer): RequestInit => chunked(bytes)],
  ])(
    'forwards a form over the body limit %s whole, though the override was looked for in it',
    async (_name, send) => {
      const cms = await upstream()
      const mock = await proxyTo(cms)
      const bytes = largeForm(1024 * 1024 + 200_000, 'GET')
      const response = await fetch(`${mock.url}/RestApi/comments-api/comments`, {
        method: 'POST',
        headers: form,
        ...send(bytes),
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
      expect(cms.received).toHaveLength(1)
      expect(cms.received[0]?.body.equals(bytes)).toBe(true)
    },
  )

  it('streams a large form sent where no verb could change the route, and the upstream gets it whole', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const bytes = largeForm(3 * 1024 * 1024)
    const response = await fetch(`${mock.url}/RestApi/pages/upload`, {
      method: 'POST',
      headers: form,
      ...chunked(bytes),
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(cms.received[0]?.body.equals(bytes)).toBe(true)
  })

  it('still lets a form override reach the operation it names', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const response = await fetch(`${mock.url}/RestApi/comments-api/comments`, {
      method: 'POST',
      headers: { ...form, Accept: 'application/json' },
      body: 'Key=nope&Message=hi&X-HTTP-Method-Override=PUT',
    })
    // The mock's own answer: no comment has that key.
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('ItemNotFoundException')
    expect(cms.received).toEqual([])
  })
})

/** A recording of form logins, as DevTools would save them. */
function formHar(): Har {
  const entry = (
    method: string,
    text: string,
    answer: string,
    url = 'https://cms.example.com/RestApi/auth/credentials',
  ) => ({
    startedDateTime: '2026-03-01T12:00:00.000Z',
    time: 5,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: text.length,
      postData: { mimeType: 'application/x-www-form-urlencoded', text },
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: 'application/json' }],
      cookies: [],
      content: { size: answer.length, mimeType: 'application/json', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 5, receive: 0 },
  })
  return {
    log: {
      version: '1.2',
      creator: { name: 'DevTools', version: '1' },
      entries: [
        entry('POST', 'UserName=bob&Password=pw', '{"UserName":"bob"}'),
        entry('PUT', 'UserName=ann&Password=pw', '{"UserName":"ann"}'),
        entry('POST', 'UserName=bob&Password=pw', '{}', 'https://cms.example.com/login'),
      ],
    },
  } as Har
}

describe('a form that falls through to --replay', () => {
  it.each([
    ['POST', 'UserName=bob&Password=pw', '{"UserName":"bob"}'],
    ['PUT', 'UserName=ann&Password=pw', '{"UserName":"ann"}'],
  ] as const)('answers a recorded form %s over HTTP', async (method, body, answer) => {
    const mock = await startServer({ fallbacks: [createReplay(formHar(), 'forms.har')] })
    const init: RequestInit = { method, headers: form, body }
    const response = await fetch(`${mock.url}/RestApi/auth/credentials`, init)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(answer)
  })

  it.each([
    ['under the base path', '/RestApi/auth/credentials'],
    ['outside it', '/login'],
  ])('hands a form no entry matches on to the proxy, the same bytes (%s)', async (_name, path) => {
    const cms = await upstream()
    const mock = await proxyTo(cms, { fallbacks: [createReplay(formHar(), 'forms.har')] })
    // A BOM and invalid UTF-8: the replay read the body as text, the upstream gets the bytes.
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('UserName=eve&Password='),
      Buffer.from([0xff, 0xc3, 0x28]),
    ])
    const response = await fetch(mock.url + path, {
      method: 'POST',
      headers: form,
      body: new Uint8Array(bytes),
    })
    expect(response.status).toBe(200)
    expect(cms.received.map((r) => r.body)).toEqual([bytes])
  })
})

describe('a form that falls through to createHandlers(mock, { replay })', () => {
  const mock = createMock({ store: createStore({ seed: 1 }) })
  const server = setupServer(...createHandlers(mock, { replay: formHar() }))
  beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }))
  afterAll(() => server.close())

  it.each([
    ['POST', 'UserName=bob&Password=pw', '{"UserName":"bob"}'],
    ['PUT', 'UserName=ann&Password=pw', '{"UserName":"ann"}'],
  ] as const)('answers a recorded form %s', async (method, body, answer) => {
    const init: RequestInit = { method, headers: form, body }
    const response = await fetch('http://localhost:5173/RestApi/auth/credentials', init)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(answer)
  })
})
