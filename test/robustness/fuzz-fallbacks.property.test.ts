import fc from 'fast-check'
import { getResponse } from 'msw'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest'
import { createHandlers } from '../../handlers/index.ts'
import { createApp, createMock, createStore, type Store } from '../../src/index.ts'
import { createReplay } from '../../src/mock/replay/index.ts'
import { startServer } from '../support/index.ts'
import { fakeRecording } from '../support/fake-recording.ts'
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream.ts'
import {
  fallbackRequest,
  fallbackSetup,
  fuzzProxyTimeoutMs,
  type FallbackRequest,
} from './fallback-arbitraries.ts'
import {
  applySetup,
  fallbackProblems,
  fallbackRequestOf,
  type FallbackRuntime,
} from './fallback-oracle.ts'
import { expectStillServing, unexpectedErrorLog, type Runtime } from './fuzz-oracle.ts'
import { checkProperty, fuzzRuns } from './fuzz-runs.ts'

// Issue 26, "Done when": requests that fall through the mock's operations to a replay and to the
// proxy, fuzzed (fallback-arbitraries.ts) against the fake upstream of test/support and the fake
// recording, checked by fallback-oracle.ts: no 5xx but a meant one, no thrown resolver, none of
// the mock's controls reaching the upstream. `npm test` runs a few hundred requests; `npm run
// fuzz` many more (FUZZ_RUNS, FUZZ_TIME_MS).

const appRuns = fuzzRuns(100, 1)
const serverRuns = fuzzRuns(50, 1 / 2)
const mswRuns = fuzzRuns(40, 1 / 3)

let upstream: FakeUpstream
let consoleErrors: MockInstance<typeof console.error>

beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(async () => {
  await upstream.close()
})
beforeEach(() => {
  // The dispatch logs a resolver's exception before answering 500: such a log is a failure.
  consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleErrors.mockRestore()
})

function resolverExceptions(): string[] {
  return consoleErrors.mock.calls
    .filter((args) => String(args[0]).startsWith(unexpectedErrorLog))
    .map((args) => args.map(String).join(' '))
}

const proxy = () => ({ url: upstream.url, timeoutMs: fuzzProxyTimeoutMs, insecure: false })
const runs = fc.tuple(fallbackSetup, fc.array(fallbackRequest, { minLength: 1, maxLength: 3 }))

/** The runtime as fuzz-oracle.ts's `expectStillServing` reaches it (requests on localhost). */
function stillServingRuntime(runtime: FallbackRuntime): Runtime {
  return {
    name: runtime.name === 'msw' ? 'msw' : 'app',
    send: async (request) => {
      const url = new URL(request.url)
      const body = request.body ? await request.arrayBuffer() : null
      return runtime.send(
        new Request(runtime.origin + url.pathname + url.search, {
          method: request.method,
          headers: request.headers,
          body,
        }),
      )
    },
  }
}

/** One property over a runtime: a setup, then one to three fallback requests, each checked. */
async function fuzzRuntime(
  name: string,
  runtime: FallbackRuntime,
  store: Store,
  withUpstream: boolean,
  numRuns: number,
): Promise<void> {
  let run = 0
  const property = fc.asyncProperty(runs, async ([setup, sent]) => {
    consoleErrors.mockClear()
    const label = `${name} run ${run++}`
    await applySetup(runtime, setup)
    for (const [i, request] of sent.entries()) {
      const problems = await fallbackProblems(
        runtime,
        withUpstream ? upstream : undefined,
        request as FallbackRequest,
        `${label}.${i}`,
      )
      expect(problems).toEqual([])
    }
    await expectStillServing(stillServingRuntime(runtime), store, label)
    expect(resolverExceptions()).toEqual([])
  })
  expect(await checkProperty(name, property, numRuns)).toBeGreaterThan(0)
}

describe('fuzzed requests that fall through to a replay and to the proxy', () => {
  it('through app.request() never give an unmeant 5xx, leak a control upstream or throw', async () => {
    const store = createStore({ seed: 1 })
    const app = createApp({
      store,
      defaultFormat: 'json',
      fallbacks: [createReplay(fakeRecording(), 'fake.har')],
      proxy: proxy(),
    })
    const runtime: FallbackRuntime = {
      name: 'app',
      origin: 'http://localhost',
      send: async (request) => app.request(request),
    }
    await fuzzRuntime('fallbacks app.request()', runtime, store, true, appRuns)
  })

  it('through the Node server hold the same properties', async () => {
    const store = createStore({ seed: 1 })
    const server = await startServer({
      store,
      fallbacks: [createReplay(fakeRecording(), 'fake.har')],
      proxy: proxy(),
    })
    const runtime: FallbackRuntime = {
      name: 'server',
      origin: server.url,
      send: (request) =>
        fetch(request, { redirect: 'manual', signal: AbortSignal.timeout(15_000) }),
    }
    await fuzzRuntime('fallbacks Node server', runtime, store, true, serverRuns)
  })

  it('through msw getResponse(createHandlers(mock, { replay })) hold the same properties', async () => {
    const store = createStore({ seed: 1 })
    const mock = createMock({ store, defaultFormat: 'json' })
    const handlers = createHandlers(mock, { replay: fakeRecording() })
    const runtime: FallbackRuntime = {
      name: 'msw',
      origin: 'http://localhost',
      send: (request) => getResponse(handlers, request),
    }
    await fuzzRuntime('fallbacks msw replay', runtime, store, false, mswRuns)
  })
})

describe('the fallback request generator', () => {
  // Guards the properties above against a generator that never reaches the interesting paths.
  it('reaches the proxy and the replay, their own 5xx, breaks, faults and forms', async () => {
    const seen = new Map<string, number>()
    const count = (what: string): void => {
      seen.set(what, (seen.get(what) ?? 0) + 1)
    }
    const app = createApp({
      store: createStore({ seed: 1 }),
      defaultFormat: 'json',
      fallbacks: [createReplay(fakeRecording(), 'fake.har')],
      proxy: proxy(),
    })
    const runtime: FallbackRuntime = {
      name: 'app',
      origin: 'http://localhost',
      send: async (request) => app.request(request),
    }
    const samples = fc.sample(fc.tuple(fallbackSetup, fallbackRequest), { numRuns: 300, seed: 42 })
    for (const [i, [setup, request]] of samples.entries()) {
      await app.request('/__mock/faults', { method: 'DELETE' })
      await applySetup(runtime, setup)
      const fuzzId = `generator ${i}`
      try {
        const response = await app.request(fallbackRequestOf(request, fuzzId, runtime))
        await response.arrayBuffer().catch(() => undefined)
        count(String(response.status))
      } catch (error) {
        count((error as Error).name)
      }
      const journal = await app.request('/__mock/journal?limit=1')
      const { entries } = (await journal.json()) as {
        entries: { source: string; status: number; fault: string | null }[]
      }
      const entry = entries.at(-1)
      if (entry) {
        count(entry.source)
        // Every request here is aimed at a fallback: a fault's status is one on a fallback path.
        if (entry.fault?.startsWith('code=')) count(`fault (${entry.source})`)
        if (entry.source === 'proxy' && entry.status === 502) count('502 from the proxy')
      }
      const form = request.headers.some(([, value]) => value.includes('x-www-form-urlencoded'))
      if (form && upstream.receivedWith(fuzzId).length > 0) count('form at the upstream')
    }
    const at = (what: string): number => seen.get(what) ?? 0
    const summary = JSON.stringify(Object.fromEntries(seen))
    expect(at('proxy'), summary).toBeGreaterThan(60)
    expect(at('replay'), summary).toBeGreaterThan(20)
    expect(at('502 from the proxy'), summary).toBeGreaterThan(0)
    expect(at('503') + at('500') + at('599'), summary).toBeGreaterThan(5)
    expect(at('form at the upstream'), summary).toBeGreaterThan(0)
    expect(
      at('fault (mock)') + at('fault (proxy)') + at('fault (replay)'),
      summary,
    ).toBeGreaterThan(0)
  })
})
