import fc from 'fast-check'
import { getResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { buildApp } from '../support/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { formats } from '../../src/wire/formats/format.ts'
import {
  exchangeProblems,
  expectStillServing,
  unexpectedErrorLog,
  type Runtime,
} from './fuzz-oracle.ts'
import { checkProperty, fuzzRuns } from './fuzz-runs.ts'
import { fuzzRequest, toRequest } from './request-arbitraries.ts'

// Property-based fuzzing of the whole request path (decisions.md section 3: bad input is
// "never a 500, never a crash"): any method, path, query, headers and bytes, in any
// Content-Type, through the Hono app and through the msw handlers. Each run sends one to three
// fuzzed requests to a fresh mock, checks every answer (fuzz-oracle.ts), then checks that the
// mock still serves an ordinary update. `npm run fuzz` runs many more cases (FUZZ_RUNS).

const appRuns = fuzzRuns(300)
const mswRuns = fuzzRuns(300, 1 / 3)

let consoleErrors: MockInstance<typeof console.error>
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

const settings = fc.record({ defaultFormat: fc.constantFrom(...formats), strict: fc.boolean() })
const requests = fc.array(fuzzRequest, { minLength: 1, maxLength: 3 })

describe('fuzzed requests', () => {
  it('through app.request() never give an unasked 5xx, a rejection or a thrown resolver', async () => {
    let run = 0
    const property = fc.asyncProperty(settings, requests, async (options, sent) => {
      consoleErrors.mockClear()
      const { app, store } = buildApp(options)
      const runtime: Runtime = { name: 'app', send: async (request) => app.request(request) }
      for (const request of sent) expect(await exchangeProblems(runtime, request)).toEqual([])
      await expectStillServing(runtime, store, `app run ${run++}`)
      expect(resolverExceptions()).toEqual([])
    })
    expect(await checkProperty('app.request()', property, appRuns)).toBeGreaterThan(0)
  })

  it('through msw getResponse(createHandlers(mock)) hold the same properties', async () => {
    let run = 0
    const property = fc.asyncProperty(settings, requests, async (options, sent) => {
      consoleErrors.mockClear()
      const { mock, store } = buildApp(options)
      const handlers = createHandlers(mock)
      const runtime: Runtime = { name: 'msw', send: (request) => getResponse(handlers, request) }
      for (const request of sent) expect(await exchangeProblems(runtime, request)).toEqual([])
      await expectStillServing(runtime, store, `msw run ${run++}`)
      expect(resolverExceptions()).toEqual([])
    })
    expect(await checkProperty('msw getResponse()', property, mswRuns)).toBeGreaterThan(0)
  })
})

describe('the request generator', () => {
  // Guards the properties above against a generator that never reaches the interesting paths.
  it('reaches updates, refusals, unknown routes, deliberate 5xx and network faults', async () => {
    const seen = new Map<string, number>()
    const count = (what: string): void => {
      seen.set(what, (seen.get(what) ?? 0) + 1)
    }
    for (const fuzzed of fc.sample(fuzzRequest, { numRuns: 400, seed: 42 })) {
      const { app } = buildApp()
      try {
        const response = await app.request(toRequest(fuzzed))
        const text = await response.text()
        count(String(response.status))
        if (response.status === 400 && text.includes('SerializationException'))
          count('SerializationException')
        if (response.status === 200 && fuzzed.path.toLowerCase().includes('comments'))
          count('comment updated')
      } catch (error) {
        count((error as Error).name)
      }
    }
    const at = (what: string): number => seen.get(what) ?? 0
    const summary = JSON.stringify(Object.fromEntries(seen))
    expect(at('200'), summary).toBeGreaterThan(40)
    expect(at('comment updated'), summary).toBeGreaterThan(0)
    expect(at('SerializationException'), summary).toBeGreaterThan(20)
    expect(at('404'), summary).toBeGreaterThan(20)
    expect(at('500') + at('503') + at('599'), summary).toBeGreaterThan(0)
    expect(at('NetworkFault'), summary).toBeGreaterThan(0)
  })
})

describe('the checks of each answer', () => {
  it('accept a deliberate 500 whose URL the journal keeps with a secret redacted', async () => {
    // The journal writes `?ApiKey=` as `<redacted>` (issue 26, point 5): still this request's.
    const { mock } = buildApp()
    const runtime: Runtime = {
      name: 'msw',
      send: (request) => getResponse(createHandlers(mock), request),
    }
    const fuzzed = {
      method: 'GET',
      path: '/RESTAPI/sitefinity/iNLInEeDiting/cONTaInErsInfo',
      query: '?__code=500&ApiKey=b108f910-f6fa-435e-9323-e24b09558628',
      headers: [['Prefer', '']] as const,
      body: null,
    }
    expect(await exchangeProblems(runtime, fuzzed)).toEqual([])
  })

  // A runtime that answers `answer` for the fuzzed request, and `fault` in the journal for it.
  function fake(answer: () => Promise<Response>, fault: string | null = null): Runtime {
    return {
      name: 'app',
      send: async (request) => {
        if (!request.url.includes('/__mock/journal')) return answer()
        const entries = [{ url: `http://localhost${sent.path}`, fault }]
        return Response.json({ capacity: 500, entries })
      },
    }
  }
  const sent = {
    method: 'PUT',
    path: '/RestApi/comments-api/comments',
    query: '',
    headers: [],
    body: null,
  }
  const jsonError = (status: number, body: string): Promise<Response> =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }))
  const serviceError = JSON.stringify({
    ResponseStatus: { ErrorCode: 'X', Message: 'x', Errors: [] },
  })

  it.each<[string, Runtime]>([
    ['a 500 nobody asked for', fake(() => jsonError(500, serviceError))],
    [
      'a 503 the journal gives another cause for',
      fake(() => jsonError(503, serviceError), 'code=500 (Prefer)'),
    ],
    ['a JSON error without a ResponseStatus', fake(() => jsonError(400, '{"error":"x"}'))],
    ['a JSON answer that does not parse', fake(() => jsonError(200, '{'))],
    [
      'an XML error without a ResponseStatus',
      fake(async () => new Response('<a/>', { status: 400 })),
    ],
    ['a rejection that is no network fault', fake(() => Promise.reject(new TypeError('boom')))],
    [
      'a NetworkFault nobody asked for',
      fake(() => Promise.reject(Object.assign(new Error('x'), { name: 'NetworkFault' }))),
    ],
  ])('refuse %s', async (_, runtime) => {
    expect(await exchangeProblems(runtime, sent)).not.toEqual([])
  })

  it.each<[string, Runtime]>([
    ['a deliberate 503', fake(() => jsonError(503, serviceError), 'code=503 (Prefer)')],
    [
      'a deliberate network fault',
      fake(
        () => Promise.reject(Object.assign(new Error('x'), { name: 'NetworkFault' })),
        'network (query)',
      ),
    ],
    [
      'the plain 404 of an unknown route',
      fake(
        async () => new Response('404', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
      ),
    ],
  ])('accept %s', async (_, runtime) => {
    expect(await exchangeProblems(runtime, sent)).toEqual([])
  })
})
