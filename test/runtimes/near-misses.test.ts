import { getResponse } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { createHandlers, createMock, createStore } from '../../handlers/index.ts'
import { handlerRoutes } from '../../handlers/handler-routes.ts'
import { workerMock } from '../../src/browser/worker-mock.ts'
import { buildApp, expectPlain404, origin, startServer } from '../support/index.ts'

// A request no route takes is answered the real host's 404, and the mock says what it was near
// in X-Mock-Warning, the log line and the journal, the same sentence in each (issue 38).

/** `console[method]` muted and spied on for this test, restored when it finishes. */
function silenced(method: 'warn' | 'error') {
  const spy = vi.spyOn(console, method).mockImplementation(() => {})
  onTestFinished(() => {
    spy.mockRestore()
  })
  return spy
}

interface Miss {
  readonly name: string
  readonly method: string
  readonly path: string
  /** What the warning must name: the fix. */
  readonly names: readonly string[]
}

const misses: readonly Miss[] = [
  {
    name: 'a mistyped path',
    method: 'PUT',
    path: '/RestApi/comments-api/comment',
    names: [
      'no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
    ],
  },
  {
    name: 'a wrong verb',
    method: 'GET',
    path: '/RestApi/ab-testing',
    names: ['no operation answers GET /RestApi/ab-testing; did you mean PUT /RestApi/ab-testing?'],
  },
  {
    name: 'a format extension on the wrong segment',
    method: 'PUT',
    path: '/RestApi/comments-api.json/comments',
    names: ['did you mean PUT /RestApi/comments-api/comments.json?', 'last segment'],
  },
  {
    name: 'an /api/ segment after the base path',
    method: 'PUT',
    path: '/RestApi/api/comments-api/comments',
    names: ['did you mean PUT /RestApi/comments-api/comments?'],
  },
  {
    name: 'a sibling route of the real host',
    method: 'GET',
    path: '/RestApi/comments-api/comments/count',
    names: [
      'the real host serves this (CommentWebService.Get(CommentsCountGetRequest))',
      'the mock implements PUT /RestApi/comments-api/comments',
      '--proxy',
    ],
  },
  {
    name: 'the comments list of the real host (another verb of an operation)',
    method: 'GET',
    path: '/RestApi/comments-api/comments',
    names: ['CommentWebService.Get(CommentsFilter)', 'PUT /RestApi/comments-api/comments'],
  },
  {
    name: "a typo of the real host's literal route that its keyed route would take",
    method: 'GET',
    path: '/RestApi/comments-api/comments/cuont',
    names: [
      'did you mean GET /RestApi/comments-api/comments/count? The real host serves that (CommentWebService.Get(CommentsCountGetRequest))',
    ],
  },
  {
    name: 'a path cut short',
    method: 'PUT',
    path: '/RestApi/ab-test',
    names: ['did you mean PUT /RestApi/ab-testing?'],
  },
  {
    name: "the real host's route under another verb",
    method: 'GET',
    path: '/RestApi/comments-api/threads',
    names: [
      'the real host serves PUT /RestApi/comments-api/threads (CommentWebService.Put(ThreadUpdateRequest))',
    ],
  },
  {
    name: 'the session status of the real host',
    method: 'GET',
    path: '/RestApi/session/is-authenticated',
    names: ['UserSessionService.Get(StatusRequest)', '--proxy'],
  },
]

/** Paths outside the base path: only the Node server sees them as requests to the mock. */
const outside: readonly Miss[] = [
  {
    name: 'a wrong base path',
    method: 'PUT',
    path: '/api/comments-api/comments',
    names: ['the service is under /RestApi: did you mean PUT /RestApi/comments-api/comments?'],
  },
  {
    name: 'a missing base path',
    method: 'PUT',
    path: '/comments-api/comments',
    names: ['did you mean PUT /RestApi/comments-api/comments?'],
  },
]

describe('near misses over HTTP', () => {
  it.each([...misses, ...outside])(
    '$name: the real 404, with a warning naming the fix in the header, the log and the journal',
    async ({ method, path, names }) => {
      const lines: string[] = []
      const { app } = buildApp({ log: (line) => lines.push(line) })
      const response = await app.request(path, { method })
      const warning = response.headers.get('x-mock-warning')
      await expectPlain404(response)
      for (const name of names) expect(warning).toContain(name)
      expect(lines).toHaveLength(1)
      expect(lines[0]?.endsWith(` warning: ${warning}`)).toBe(true)
      const journal = await (await app.request('/__mock/journal')).json()
      const entry = journal.entries.at(-1)
      expect(entry).toMatchObject({ method, status: 404, nearMiss: true, warnings: [warning] })
    },
  )

  it('says nothing about a path outside the base path that is no service path', async () => {
    const { app } = buildApp()
    const response = await app.request('/favicon.ico')
    await expectPlain404(response)
    expect(response.headers.get('x-mock-warning')).toBeNull()
  })

  it('lists what the mock implements for a path near none of them', async () => {
    const { app } = buildApp()
    const response = await app.request('/RestApi/nothing/like/it', { method: 'GET' })
    await expectPlain404(response)
    expect(response.headers.get('x-mock-warning')).toMatch(
      /^no operation answers GET \/RestApi\/nothing\/like\/it; the mock implements .*PUT \/RestApi\/comments-api\/comments/,
    )
  })

  it('lets a user handler take a near miss first', async () => {
    const { http, HttpResponse } = await import('msw')
    const own = http.get('*/RestApi/session/is-authenticated', () =>
      HttpResponse.json({ IsAuthenticated: true }),
    )
    const { app } = buildApp({ handlers: [own] })
    const response = await app.request('/RestApi/session/is-authenticated')
    expect(await response.json()).toEqual({ IsAuthenticated: true })
  })

  it("with onMiss 'off', answers the plain 404 with no warning; the journal still says it", async () => {
    const lines: string[] = []
    const { app } = buildApp({ onMiss: 'off', log: (line) => lines.push(line) })
    const response = await app.request('/RestApi/comments-api/comment', { method: 'PUT' })
    await expectPlain404(response)
    expect(response.headers.get('x-mock-warning')).toBeNull()
    expect(lines[0]).not.toContain('warning')
    const journal = await (await app.request('/__mock/journal')).json()
    expect(journal.entries.at(-1).warnings[0]).toContain('did you mean')
  })

  it("with onMiss 'error', fails the request as a network error", async () => {
    const { app } = buildApp({ onMiss: 'error' })
    await expect(
      Promise.resolve(app.request('/RestApi/comments-api/comment', { method: 'PUT' })),
    ).rejects.toThrow()
  })

  it('with --on-miss error on the Node server, drops the connection and the log says why', async () => {
    const lines: string[] = []
    const server = await startServer({ onMiss: 'error', log: (line) => lines.push(line) })
    const failed = fetch(`${server.url}/RestApi/comments-api/comment`, { method: 'PUT' })
    await expect(failed).rejects.toThrow()
    await expect.poll(() => lines.length).toBe(1)
    expect(lines[0]).toBe(
      'PUT /RestApi/comments-api/comment near miss, connection dropped (--on-miss error): no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
    )
  })

  it('keeps its dispatch answering undefined for a near miss, so another handler may take it', async () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const request = new Request(`${origin}/RestApi/comments-api/comment`, { method: 'PUT' })
    expect(await mock.dispatch(request)).toBeUndefined()
  })
})

describe('near misses through msw', () => {
  it.each(misses)('$name: the real 404 with the warning', async ({ method, path, names }) => {
    silenced('warn')
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const handlers = createHandlers(mock)
    const response = (await getResponse(handlers, new Request(origin + path, { method })))!
    const warning = response.headers.get('x-mock-warning')
    await expectPlain404(response)
    for (const name of names) expect(warning).toContain(name)
    const entry = mock.control.journal.entries().at(-1)
    expect(entry).toMatchObject({ nearMiss: true, warnings: [warning] })
  })

  it('says each distinct miss once in the console', async () => {
    const warn = silenced('warn')
    const handlers = createHandlers({ store: createStore({ seed: 1 }) })
    const miss = (): Request =>
      new Request(`${origin}/RestApi/comments-api/comment`, { method: 'PUT' })
    await getResponse(handlers, miss())
    await getResponse(handlers, miss())
    await getResponse(handlers, new Request(`${origin}/RestApi/ab-testing`))
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      'restapi-mock: no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
      'restapi-mock: no operation answers GET /RestApi/ab-testing; did you mean PUT /RestApi/ab-testing? The mock serves that path for PUT only',
    ])
  })

  it('ends a flood of distinct misses in the console with one line', async () => {
    const warn = silenced('warn')
    const handlers = createHandlers({ store: createStore({ seed: 1 }) })
    for (let i = 0; i < 510; i++) {
      await getResponse(handlers, new Request(`${origin}/RestApi/nowhere-${i}`))
    }
    expect(warn).toHaveBeenCalledTimes(501)
    expect(warn.mock.calls.at(-1)?.[0]).toBe(
      'restapi-mock: more than 500 distinct warnings; the rest are only in X-Mock-Warning and the journal',
    )
  })

  it('names a wrong base path in the console and lets the request go on', async () => {
    const warn = silenced('warn')
    const handlers = createHandlers({ store: createStore({ seed: 1 }) })
    const request = new Request(`${origin}/api/comments-api/comments`, { method: 'PUT' })
    expect(await getResponse(handlers, request)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('did you mean PUT /RestApi/comments-api/comments?'),
    )
  })

  it("fails a miss in startWorker's mock under onMiss 'error', as createHandlers does", async () => {
    const error = silenced('error')
    const { mock, resolvers } = workerMock({ seed: 1, onMiss: 'error' })
    const handlers = handlerRoutes(mock.config.basePath, resolvers)
    const request = new Request(`${origin}/RestApi/comments-api/comment`, { method: 'PUT' })
    const response = await getResponse(handlers, request)
    expect(response?.type).toBe('error')
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('did you mean PUT /RestApi/comments-api/comments?'),
    )
  })
})
