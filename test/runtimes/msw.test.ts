import { getResponse, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createStore, type Store } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { buildApp, commentKey, now, origin, pageId, serviceRoute } from '../support/index.ts'

const settings = { defaultFormat: 'json', clock: () => now } as const

/** What seed 1 seeds, read once from a throwaway store. */
const seededKey = commentKey(createStore({ seed: 1 }))
const seededRoute = serviceRoute(createStore({ seed: 1 }))
const seededPage = pageId(createStore({ seed: 1 }))

function json(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(origin + path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const cases: [string, () => Request][] = [
  [
    'a comment update',
    () => json('PUT', '/RestApi/comments-api/comments', { Key: seededKey, Message: 'm' }),
  ],
  ['a blank comment Key', () => json('PUT', '/RestApi/comments-api/comments', { Key: '' })],
  ['an unknown comment Key', () => json('PUT', '/RestApi/comments-api/comments', { Key: 'nope' })],
  [
    'a bad comment Status',
    () => json('PUT', '/RestApi/comments-api/comments', { Key: seededKey, Status: 'x' }),
  ],
  [
    'a mixed-case path',
    () => json('PUT', '/restapi/Comments-Api/COMMENTS', { Key: seededKey, Name: 'n' }),
  ],
  ['a new A/B test', () => json('PUT', '/RestApi/ab-testing', { Title: 'T', Status: 'active' })],
  [
    'a dropped A/B value',
    () => json('PUT', '/RestApi/ab-testing', { Title: 'T', StartDate: 'soon' }),
  ],
  [
    'a service definition',
    () =>
      json('POST', '/RestApi/apiservice/createService', {
        Route: '/api/x',
        Types: [{ Name: 'A', Children: [{ Name: 'B' }] }],
      }),
  ],
  [
    'a duplicate Route',
    () => json('POST', '/RestApi/apiservice/createService', { Route: seededRoute.toUpperCase() }),
  ],
  [
    'container info',
    () =>
      json('POST', '/RestApi/sitefinity/inlineediting/containersInfo', {
        PageId: seededPage,
        ContainersInfo: [
          {
            ItemId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
            ItemType: 'X.Event',
            Fields: [{ Name: 'Title' }],
          },
        ],
      }),
  ],
  [
    'a PageId no page has (500 ItemNotFoundException, with a warning)',
    () =>
      json('POST', '/RestApi/cms/inlineediting/containersInfo', {
        PageId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      }),
  ],
  [
    'a malformed PageId',
    () => json('POST', '/RestApi/cms/inlineediting/containersInfo', { PageId: 'zzz' }),
  ],
  ['malformed JSON', () => json('PUT', '/RestApi/ab-testing', '{"Title":')],
  ['a body that is not an object', () => json('PUT', '/RestApi/ab-testing', '[1]')],
  [
    'the pre-defined route with the wrong verb',
    () => json('POST', '/RestApi/json/reply/CommentUpdateRequest', {}),
  ],
  ['an unknown path', () => new Request(`${origin}/RestApi/nothing/here`)],
  ['a known path with another verb', () => new Request(`${origin}/RestApi/comments-api/comments`)],
  ['the state', () => new Request(`${origin}/__mock/state`)],
]

describe('getResponse(createHandlers(...)) answers as app.request()', () => {
  it.each(cases)('for %s', async (_, makeRequest) => {
    const handled = await getResponse(
      createHandlers({ store: createStore({ seed: 1 }), ...settings }),
      makeRequest(),
    )
    const { app } = buildApp({ cors: false })
    const viaApp = await app.request(makeRequest())
    // undefined would mean no handler matched: msw would pass the request on.
    expect(handled).toBeInstanceOf(Response)
    const viaMsw = handled as Response
    expect(viaMsw.status).toBe(viaApp.status)
    expect(viaMsw.statusText).toBe(viaApp.statusText)
    expect(viaMsw.headers.get('content-type')).toBe(viaApp.headers.get('content-type'))
    expect(viaMsw.headers.get('x-mock-warning')).toBe(viaApp.headers.get('x-mock-warning'))
    expect(new Uint8Array(await viaMsw.arrayBuffer())).toEqual(
      new Uint8Array(await viaApp.arrayBuffer()),
    )
  })

  it('compares answers of the documented status, so the parity above is not vacuous', async () => {
    const statuses: number[] = []
    for (const [, makeRequest] of cases) {
      const { app } = buildApp({ cors: false })
      statuses.push((await app.request(makeRequest())).status)
    }
    expect(statuses).toEqual([
      200, 400, 404, 400, 200, 200, 200, 200, 400, 200, 500, 400, 400, 400, 405, 404, 404, 200,
    ])
  })

  it('shares the store between the handlers and the app built on it', async () => {
    const store: Store = createStore({ seed: 1 })
    const handlers = createHandlers({ store, ...settings })
    await getResponse(
      handlers,
      json('PUT', '/RestApi/comments-api/comments', { Key: seededKey, Message: 'via msw' }),
    )
    expect(store.state.comments.get(seededKey)?.Message).toBe('via msw')
  })
})

describe('setupServer(...createHandlers(...)) in a user’s Vitest suite', () => {
  const server = setupServer()

  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterEach(() => {
    server.resetHandlers()
  })
  afterAll(() => {
    server.close()
  })

  it('answers fetch() of a comment update', async () => {
    const store = createStore({ seed: 1 })
    server.use(...createHandlers({ store, ...settings }))
    const response = await fetch('http://localhost/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: seededKey, Message: 'from fetch' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toMatchObject({ Key: seededKey, Message: 'from fetch' })
    expect(store.state.comments.get(seededKey)?.Message).toBe('from fetch')
  })

  it('answers on any origin', async () => {
    server.use(...createHandlers({ store: createStore({ seed: 1 }), ...settings }))
    const response = await fetch('https://cms.example.com/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: '' }),
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(
      '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
    )
  })

  it('matches a mixed-case /restapi/... path', async () => {
    server.use(...createHandlers({ store: createStore({ seed: 1 }), ...settings }))
    const response = await fetch('http://localhost/restapi/COMMENTS-API/Comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: seededKey.toUpperCase(), Name: 'Mixed' }),
    })
    expect(response.status).toBe(200)
    expect((await response.json()) as unknown).toMatchObject({ Key: seededKey, Name: 'Mixed' })
  })

  it('answers an unknown path under /RestApi with the plain-text 404 instead of leaving it unhandled', async () => {
    server.use(...createHandlers({ store: createStore({ seed: 1 }), ...settings }))
    const response = await fetch('http://localhost/RestApi/no/such/route')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('404')
  })

  it('answers /__mock/state', async () => {
    const store = createStore({ seed: 1 })
    server.use(...createHandlers({ store, ...settings }))
    const response = await fetch('http://localhost/__mock/state')
    expect(response.status).toBe(200)
    const state = (await response.json()) as Record<string, unknown[]>
    expect(state.Comments).toHaveLength(store.state.comments.size)
  })

  it('leaves room for the user’s own handlers', async () => {
    server.use(
      ...createHandlers({ store: createStore({ seed: 1 }), ...settings }),
      http.get('http://localhost/api/own', () => HttpResponse.json({ ok: true })),
    )
    const own = await fetch('http://localhost/api/own')
    expect(await own.json()).toEqual({ ok: true })
  })
})
