import { getResponse } from 'msw'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createHandlers, createMock, createStore, type Har } from '../../handlers/index.ts'
import { createReplay } from '../../src/mock/replay/index.ts'
import type { RunningServer, ServerOptions } from '../../src/index.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { startServer } from '../support/index.ts'

// Issue 26, point 3: what a client says to the mock itself (its session, a delay, a simulated
// status) stays with the mock, and latency and faults apply to what the proxy or a replay
// answers as they do to the mock's own operations, decided before anything is forwarded.

/** Timers may fire a hair early against performance.now(); never by more than this. */
const early = 5
const json = { Accept: 'application/json' }

async function upstream(): Promise<EchoUpstream & { receivedAt: number[] }> {
  const receivedAt: number[] = []
  const started = await startEchoUpstream(() => {
    receivedAt.push(performance.now())
    return false
  })
  onTestFinished(() => started.close())
  return Object.assign(started, { receivedAt })
}

function proxyTo(cms: EchoUpstream, options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ proxy: { url: cms.url, timeoutMs: 5_000, insecure: false }, ...options })
}

async function addRule(mock: RunningServer, rule: object, session?: string): Promise<void> {
  const response = await fetch(`${mock.url}/__mock/faults`, {
    method: 'POST',
    headers: session ? { 'X-Mock-Session': session } : {},
    body: JSON.stringify(rule),
  })
  expect(response.status).toBe(201)
}

interface JournalEntry {
  url: string
  source: string
  status: number
  delayMs: number
  fault: string | null
}

async function lastEntry(mock: RunningServer, session?: string): Promise<JournalEntry> {
  const response = await fetch(`${mock.url}/__mock/journal`, {
    headers: session ? { 'X-Mock-Session': session } : {},
  })
  const { entries } = (await response.json()) as { entries: JournalEntry[] }
  return entries.at(-1) as JournalEntry
}

/** A request that must fail as a dropped connection does. */
async function dropped(request: Promise<Response>): Promise<string> {
  const error = await request.then(
    () => undefined,
    (failure: unknown) => failure as Error,
  )
  expect(error).toBeInstanceOf(TypeError)
  return (error as Error).message
}

describe('the mock keeps its own controls from the real host', () => {
  it('strips its session header, cookie and query, and its delay, code and fault, keeping the rest', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const response = await fetch(
      `${mock.url}/RestApi/pages/home?a=1&__session=s1&b=%20&__delay=0&__code=x&__fault=no&c`,
      {
        headers: {
          'X-Mock-Session': 's1',
          Cookie: 'theme=dark; restapi-mock-session=s1; lang=en',
          Prefer: 'return=minimal; delay=0, code=x; foo=1, fault=no, respond-async',
        },
      },
    )
    expect(response.status).toBe(200)
    const [seen] = cms.received
    expect(seen?.url).toBe('/RestApi/pages/home?a=1&b=%20&c')
    expect(seen?.headers['x-mock-session']).toBeUndefined()
    expect(seen?.headers.cookie).toBe('theme=dark; lang=en')
    expect(seen?.headers.prefer).toBe('return=minimal, respond-async')
  })

  it.each([
    ['under the base path', '/RestApi/pages/home'],
    ['outside it', '/assets/app.js'],
  ])(
    'sends no Cookie, Prefer or query when they held only the mock’s (%s)',
    async (_name, path) => {
      const cms = await upstream()
      const mock = await proxyTo(cms)
      const response = await fetch(`${mock.url}${path}?__session=s2&__delay=0`, {
        headers: { Cookie: 'restapi-mock-session=s2', Prefer: 'delay=0' },
      })
      expect(response.status).toBe(200)
      const [seen] = cms.received
      expect(seen?.url).toBe(path)
      expect(seen?.headers.cookie).toBeUndefined()
      expect(seen?.headers.prefer).toBeUndefined()
    },
  )

  it('reads an escaped name as the mock does: ?%5F%5Fsession= stays too', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    await (await fetch(`${mock.url}/RestApi/pages/home?%5F%5Fsession=s3&x=1`)).text()
    expect(cms.received[0]?.url).toBe('/RestApi/pages/home?x=1')
  })
})

describe('latency and faults on proxied answers', () => {
  it('answers a fault rule’s status on a proxied path without asking the real host', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    await addRule(mock, { path: '/RestApi/pages/*', status: 418 })
    const response = await fetch(`${mock.url}/RestApi/pages/list`, { headers: json })
    expect(response.status).toBe(418)
    expect(await response.text()).toContain('A simulated 418 from the mock (rule 1)')
    expect(cms.received).toEqual([])
    expect(await lastEntry(mock)).toMatchObject({
      source: 'mock',
      status: 418,
      fault: 'code=418 (rule 1)',
    })
    // A path the rule does not name still goes through.
    expect((await fetch(`${mock.url}/RestApi/other`)).status).toBe(200)
    expect(cms.received).toHaveLength(1)
  })

  it('drops the connection for a network fault rule, and the real host sees nothing', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    await addRule(mock, { path: '*', fault: 'network' })
    await dropped(fetch(`${mock.url}/RestApi/pages/list`))
    expect(cms.received).toEqual([])
    expect(await lastEntry(mock)).toMatchObject({ status: 0, fault: 'network (rule 1)' })
  })

  it.each([
    ['Prefer: code=503', '', { Prefer: 'code=503' }],
    ['?__code=503', '?__code=503', {}],
  ])('answers %s itself', async (_name, query, headers) => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const response = await fetch(`${mock.url}/RestApi/pages/list${query}`, {
      headers: { ...json, ...headers },
    })
    expect(response.status).toBe(503)
    const { ResponseStatus } = (await response.json()) as { ResponseStatus: { ErrorCode: string } }
    expect(ResponseStatus.ErrorCode).toBe('ServiceUnavailable')
    expect(cms.received).toEqual([])
  })

  it('drops the connection for Prefer: fault=network', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    await dropped(fetch(`${mock.url}/RestApi/pages/list`, { headers: { Prefer: 'fault=network' } }))
    expect(cms.received).toEqual([])
  })

  it('waits the latency before forwarding, and the journal shows it', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const latency = await fetch(`${mock.url}/__mock/latency`, {
      method: 'PUT',
      body: JSON.stringify({ ms: 250 }),
    })
    expect(latency.status).toBe(200)
    const sentAt = performance.now()
    const response = await fetch(`${mock.url}/RestApi/pages/list`)
    expect(await response.text()).toBe('GET /RestApi/pages/list|')
    expect((cms.receivedAt[0] as number) - sentAt).toBeGreaterThanOrEqual(250 - early)
    expect(await lastEntry(mock)).toMatchObject({ source: 'proxy', status: 200, delayMs: 250 })
  })

  it('waits a request’s own Prefer: delay before forwarding', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    const sentAt = performance.now()
    await (await fetch(`${mock.url}/outside?__delay=200`)).text()
    expect((cms.receivedAt[0] as number) - sentAt).toBeGreaterThanOrEqual(200 - early)
    expect(cms.received[0]?.url).toBe('/outside')
  })

  it('applies a session’s own rule to its proxied requests only', async () => {
    const cms = await upstream()
    const mock = await proxyTo(cms)
    await addRule(mock, { path: '/RestApi/pages/*', status: 502 }, 'tester')
    const inSession = await fetch(`${mock.url}/RestApi/pages/list?__session=tester`)
    expect(inSession.status).toBe(502)
    expect((await fetch(`${mock.url}/RestApi/pages/list`)).status).toBe(200)
    expect(cms.received.map((r) => r.url)).toEqual(['/RestApi/pages/list'])
    expect(await lastEntry(mock, 'tester')).toMatchObject({ fault: 'code=502 (rule 1)' })
  })
})

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
          headers: [{ name: 'content-type', value: 'application/json' }],
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

describe('latency and faults on replayed answers over HTTP', () => {
  const replaying = (): Promise<RunningServer> =>
    startServer({ fallbacks: [createReplay(har, 'home.har')] })

  it('matches a recorded request whatever the mock’s own parameters, and waits the delay', async () => {
    const mock = await replaying()
    const started = performance.now()
    const response = await fetch(`${mock.url}/RestApi/pages/home?__session=s&lang=en&__delay=150`)
    expect(await response.text()).toBe('{"Title":"Home"}')
    expect(performance.now() - started).toBeGreaterThanOrEqual(150 - early)
    expect(await lastEntry(mock, 's')).toMatchObject({ source: 'replay', delayMs: 150 })
  })

  const noRule = async (): Promise<void> => {}
  const rule418 = (mock: RunningServer) => addRule(mock, { path: '/RestApi/pages/*', status: 418 })

  it.each([
    ['a fault rule', rule418, '', {}, 418],
    ['Prefer: code=503', noRule, '', { Prefer: 'code=503' }, 503],
    ['?__code=503', noRule, '&__code=503', {}, 503],
  ] as const)(
    'answers %s instead of the recording',
    async (_name, setUp, query, headers, status) => {
      const mock = await replaying()
      await setUp(mock)
      const response = await fetch(`${mock.url}/RestApi/pages/home?lang=en${query}`, { headers })
      expect(response.status).toBe(status)
      expect(await lastEntry(mock)).toMatchObject({ source: 'mock', status })
    },
  )

  it('drops the connection for Prefer: fault=network', async () => {
    const mock = await replaying()
    await dropped(
      fetch(`${mock.url}/RestApi/pages/home?lang=en`, { headers: { Prefer: 'fault=network' } }),
    )
  })
})

// Through msw's getResponse, as the plane tests reach msw: with setupServer, a network error
// answered after real HTTP requests in the same process surfaces in msw's interceptors as
// "Invalid status code: 0" (for the mock's own operations too).
describe('latency and faults on replayed answers in msw', () => {
  const mock = createMock({ store: createStore({ seed: 1 }) })
  const handlers = createHandlers(mock, { replay: har })
  const home = 'http://localhost:5173/RestApi/pages/home?lang=en'
  const get = async (url: string, headers: Record<string, string> = {}): Promise<Response> =>
    (await getResponse(handlers, new Request(url, { headers }))) as Response

  it('answers Prefer: code=503 and a fault rule instead of the recording', async () => {
    expect((await get(home, { Prefer: 'code=503' })).status).toBe(503)
    const rule = mock.control.faults.add({ path: '/RestApi/pages/*', status: 418, count: 1 })
    expect(typeof rule).toBe('object')
    expect((await get(home)).status).toBe(418)
    const replayed = await get(`${home}&__session=m1&__delay=0`)
    expect(await replayed.text()).toBe('{"Title":"Home"}')
  })

  it('answers Prefer: fault=network with a network error', async () => {
    expect((await get(home, { Prefer: 'fault=network' })).type).toBe('error')
  })
})
