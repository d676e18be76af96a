import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createApp,
  createMock,
  createStore,
  type Mock,
  type Operation,
  type Store,
} from '../../src/index.ts'
import { CommentResponse, CommentUpdateRequest } from '../../src/model/index.ts'
import { createDispatch, defineOperation, resolveConfig } from '../../src/wire/index.ts'
import { buildApp, commentKey, commentsPath, now, readJson, sendJson } from '../support/index.ts'

const containersInfo = '/RestApi/cms/inlineediting/containersInfo'

async function expectPlain404(response: Response): Promise<void> {
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toBe('text/plain')
  expect(await response.text()).toBe('404')
}

/** `{"Key":…,"Deep":{"a":{"a":…}}}` nesting `levels` deep, the root object counted as 1. */
function nestedBody(key: string, levels: number): string {
  const inner = levels - 2
  return `{"Key":"${key}","Deep":${'{"a":'.repeat(inner)}{}${'}'.repeat(inner)}}`
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('routing', () => {
  it.each([
    ['GET', '/RestApi/nothing-here'],
    ['PUT', '/RestApi/comments-api'],
    ['PUT', '/RestApi/comments-api/comments/extra'],
    ['POST', '/RestApi/apiservice'],
    ['GET', '/RestApi'],
    ['GET', '/RestApi/'],
    ['PUT', '/RestApi/json/reply/NoSuchRequest'],
    ['POST', '/RestApi/inlineediting/containersInfo'],
  ])('answers %s %s with a plain-text 404', async (method, path) => {
    const { app } = buildApp()
    await expectPlain404(await sendJson(app, method, path, {}))
  })

  it.each([
    ['GET', commentsPath],
    ['DELETE', commentsPath],
    ['POST', commentsPath],
    ['PATCH', commentsPath],
    ['GET', containersInfo],
    ['PUT', containersInfo],
    ['GET', '/RestApi/ab-testing'],
    ['POST', '/RestApi/ab-testing'],
    ['PUT', '/RestApi/apiservice/createService'],
  ])(
    'answers a known path with another verb (%s %s) with a plain-text 404, not a 405',
    async (method, path) => {
      const { app } = buildApp()
      const init: RequestInit = { method }
      if (method !== 'GET') init.body = '{}'
      await expectPlain404(await app.request(path, init))
    },
  )

  it.each([
    '/RESTAPI/COMMENTS-API/COMMENTS',
    '/restapi/comments-api/comments',
    '/RestApi/Comments-Api/Comments',
    '/RestApi//comments-api//comments',
    '/RestApi/comments-api/comments/',
    '/RestApi///comments-api/comments///',
    '/RestApi/comments-api/comments.json',
  ])('reaches the comment update through %s', async (path) => {
    const { app } = buildApp()
    const response = await sendJson(app, 'PUT', path, { Key: '' })
    expect(response.status).toBe(400)
    expect((await readJson(response)).ResponseStatus.Message).toBe('Invalid Key.')
  })

  it.each(['/RestApi/comments-api/comments.JSON', '/RestApi/comments-api/comments.pdf'])(
    'does not strip an unrecognised extension: %s is a 404',
    async (path) => {
      const { app } = buildApp()
      await expectPlain404(await sendJson(app, 'PUT', path, { Key: '' }))
    },
  )

  it('strips the .json extension and answers JSON even when the Accept header asks for HTML', async () => {
    const { app, store } = buildApp({ defaultFormat: 'html' })
    const response = await app.request(`${commentsPath}.json`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'text/html' },
      body: JSON.stringify({ Key: commentKey(store), Message: 'ext' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await readJson(response)).Message).toBe('ext')
  })

  it('reaches the operation through the pre-defined route /json/reply/CommentUpdateRequest with PUT', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await sendJson(app, 'PUT', '/RestApi/json/reply/CommentUpdateRequest', {
      Key: key,
      Message: 'predefined',
    })
    expect(response.status).toBe(200)
    expect((await readJson(response)).Message).toBe('predefined')
    expect(store.state.comments.get(key)?.Message).toBe('predefined')
  })

  it.each([
    ['PUT', 'ABTestViewModel', { Title: 'via reply' }, 'Title'],
    ['POST', 'CreateService', { Route: '/api/via-reply' }, 'Route'],
    [
      'POST',
      'ContainerInfoMessage',
      { PageId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', ContainersInfo: [] },
      'PageId',
    ],
  ])('reaches %s /RestApi/json/reply/%s', async (method, dtoName, body, field) => {
    const { app } = buildApp()
    const response = await sendJson(app, method, `/RestApi/json/reply/${dtoName}`, body)
    expect(response.status).toBe(200)
    const answer = await readJson(response)
    expect(answer[field]).toBe((body as Record<string, unknown>)[field])
  })

  it('reads the body of a pre-defined route in the segment’s format, whatever its Content-Type', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await app.request('/RestApi/json/reply/CommentUpdateRequest', {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'read as json' }),
    })
    expect(response.status).toBe(200)
    expect((await readJson(response)).Message).toBe('read as json')
  })

  it('answers 405 NotImplementedException on the pre-defined route with a verb the service lacks', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'POST', '/RestApi/json/reply/CommentUpdateRequest', {
      Key: commentKey(store),
    })
    expect(response.status).toBe(405)
    expect(response.statusText).toBe('NotImplementedException')
    const { ResponseStatus } = await readJson(response)
    expect(ResponseStatus.ErrorCode).toBe('NotImplementedException')
    expect(ResponseStatus.Message).toContain('CommentUpdateRequest')
  })

  it('picks JSON for Accept: application/json even when the default format is HTML', async () => {
    const { app, store } = buildApp({ defaultFormat: 'html' })
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(JSON.parse(await response.text())).toMatchObject({ Key: commentKey(store) })
  })
})

describe('response headers', () => {
  it.each([
    ['a success', { ok: true }],
    ['an error', { ok: false }],
  ])('writes the real host’s JSON headers on %s', async (_, { ok }) => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', commentsPath, { Key: ok ? commentKey(store) : '' })
    expect(response.status).toBe(ok ? 200 : 400)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('vary') ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/)
    expect(response.headers.get('x-powered-by')).toBeNull()
  })

  it('writes Vary: Accept on the plain-text 404 too', async () => {
    const { app } = buildApp()
    const response = await app.request('/RestApi/nothing')
    expect(response.headers.get('vary') ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/)
  })
})

describe('reading bodies', () => {
  it.each(['{"Key":', '{"Key":"a",}', "{'Key':'a'}", '{"Key":"a"} trailing'])(
    'answers 400 SerializationException for the malformed JSON %j',
    async (body) => {
      const { app } = buildApp()
      const response = await sendJson(app, 'PUT', commentsPath, body)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect((await readJson(response)).ResponseStatus.ErrorCode).toBe('SerializationException')
    },
  )

  it.each(['[1]', '"x"', '42', 'true', 'null'])(
    'answers 400 with ServiceStack’s message for a body that does not start with {: %j',
    async (body) => {
      const { app } = buildApp()
      const response = await sendJson(app, 'PUT', commentsPath, body)
      expect(response.status).toBe(400)
      expect(await response.text()).toBe(
        JSON.stringify({
          ResponseStatus: {
            ErrorCode: 'SerializationException',
            Message: `Type definitions should start with a '{', expecting serialized type 'CommentUpdateRequest', got string starting with: ${body}`,
            Errors: [],
          },
        }),
      )
    },
  )

  it('reads an empty JSON body as an empty request', async () => {
    const { app } = buildApp()
    const response = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '',
    })
    expect(response.status).toBe(400)
    expect((await readJson(response)).ResponseStatus.Message).toBe('Invalid Key.')
  })

  it('answers 413 for a body over 1 MiB with a Content-Length, then keeps answering', async () => {
    const { app, store } = buildApp()
    const body = `{"Key":"${commentKey(store)}","Message":"${'a'.repeat(1024 * 1024)}"}`
    const response = await app.request(commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      body,
    })
    expect(response.status).toBe(413)
    expect((await readJson(response)).ResponseStatus.ErrorCode).toEqual(expect.any(String))
    const next = await sendJson(app, 'PUT', commentsPath, {
      Key: commentKey(store),
      Message: 'small',
    })
    expect(next.status).toBe(200)
  })

  it('answers 413 for a streamed body over 1 MiB without a Content-Length, then keeps answering', async () => {
    const { app, store } = buildApp()
    const chunk = new TextEncoder().encode('a'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"Key":"x","Message":"'))
        if (sent >= 20) {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
          return
        }
        sent += 1
        controller.enqueue(chunk)
      },
    })
    const request = new Request(`http://localhost${commentsPath}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(request.headers.get('content-length')).toBeNull()
    const response = await app.request(request)
    expect(response.status).toBe(413)
    const next = await sendJson(app, 'PUT', commentsPath, {
      Key: commentKey(store),
      Message: 'small',
    })
    expect(next.status).toBe(200)
  })

  it('accepts a body of exactly 1 MiB', async () => {
    const { app, store } = buildApp()
    const head = `{"Key":"${commentKey(store)}","Message":"`
    const body = `${head}${'a'.repeat(1024 * 1024 - head.length - 2)}"}`
    expect(body.length).toBe(1024 * 1024)
    const response = await sendJson(app, 'PUT', commentsPath, body)
    expect(response.status).toBe(200)
  })

  it('answers 200 for nesting 64 levels deep and 400 for 65', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const ok = await sendJson(app, 'PUT', commentsPath, nestedBody(key, 64))
    expect(ok.status).toBe(200)
    const deep = await sendJson(app, 'PUT', commentsPath, nestedBody(key, 65))
    expect(deep.status).toBe(400)
    expect((await readJson(deep)).ResponseStatus.ErrorCode).toBe('SerializationException')
  })

  it('does not count brackets inside strings as nesting', async () => {
    const { app, store } = buildApp()
    const message = `${'{'.repeat(100)}${'['.repeat(100)}`
    const response = await sendJson(app, 'PUT', commentsPath, {
      Key: commentKey(store),
      Message: message,
    })
    expect(response.status).toBe(200)
    expect((await readJson(response)).Message).toBe(message)
  })

  it('does not overflow on a hostile nesting depth', async () => {
    const { app } = buildApp()
    const body = `{"Deep":${'['.repeat(200_000)}${']'.repeat(200_000)}}`
    const response = await sendJson(app, 'PUT', commentsPath, body)
    expect(response.status).toBe(400)
  })

  it('answers 400 for an array of 10001 items and 200 for 10000', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const list = (n: number): string => `{"Key":"${key}","Extra":[${Array(n).fill('0').join(',')}]}`
    expect((await sendJson(app, 'PUT', commentsPath, list(10_000))).status).toBe(200)
    const long = await sendJson(app, 'PUT', commentsPath, list(10_001))
    expect(long.status).toBe(400)
    expect((await readJson(long)).ResponseStatus.ErrorCode).toBe('SerializationException')
  })

  it('never lets __proto__ or constructor keys reach an object prototype', async () => {
    const { app, store } = buildApp()
    const body =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},' +
      `"Key":"${commentKey(store)}","Message":"safe"}`
    const response = await sendJson(app, 'PUT', commentsPath, body)
    expect(response.status).toBe(200)
    expect((await readJson(response)).Message).toBe('safe')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('keeps __proto__ keys inside nested objects away from the values it binds', async () => {
    const { app } = buildApp()
    const response = await sendJson(
      app,
      'POST',
      '/RestApi/apiservice/createService',
      '{"Route":"/api/proto","Types":[{"__proto__":{"Name":"evil","ReadOnly":true}}]}',
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(
      '{"Route":"/api/proto","Enabled":false,"AutogenerateTypes":false,' +
        '"Types":[{"ReadOnly":false,"AutogenerateProperties":false}]}',
    )
    expect(({} as Record<string, unknown>).Name).toBeUndefined()
  })

  it('ignores a body with an unknown Content-Type, with an X-Mock-Warning', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const before = store.state.comments.get(key)?.Message
    const response = await app.request(`${commentsPath}?Key=${key}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
      body: JSON.stringify({ Message: 'from an ignored body' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain('text/plain')
    expect((await readJson(response)).Message).toBe(before)
  })

  it('ignores a body without a Content-Type, with an X-Mock-Warning', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const before = store.state.comments.get(key)?.Message
    const response = await app.request(`${commentsPath}?Key=${key}`, {
      method: 'PUT',
      headers: { Accept: 'application/json' },
      body: new TextEncoder().encode(JSON.stringify({ Message: 'from an ignored body' })),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain('no Content-Type')
    expect((await readJson(response)).Message).toBe(before)
  })

  it('answers 400 for a body with an unknown Content-Type in strict mode', async () => {
    const { app, store } = buildApp({ strict: true })
    const response = await app.request(`${commentsPath}?Key=${commentKey(store)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
      body: JSON.stringify({ Message: 'x' }),
    })
    expect(response.status).toBe(400)
    expect((await readJson(response)).ResponseStatus.ErrorCode).toBe('SerializationException')
  })

  it('lets the query string override the body', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', `${commentsPath}?Message=fromquery`, {
      Key: commentKey(store),
      Message: 'frombody',
    })
    expect((await readJson(response)).Message).toBe('fromquery')
  })

  it('answers 400 SerializationException when a query value does not bind, as the real server', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', `${commentsPath}?Rating=abc`, {
      Key: commentKey(store),
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(
      '{"ResponseStatus":{"ErrorCode":"SerializationException","Message":"Unable to bind to request \'CommentUpdateRequest\'","Errors":[{"ErrorCode":"SerializationException","FieldName":"Rating","Message":"\'abc\' is an Invalid value for \'Rating\'"}]}}',
    )
  })

  it('skips empty query values', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', `${commentsPath}?Message=`, {
      Key: commentKey(store),
      Message: 'frombody',
    })
    expect((await readJson(response)).Message).toBe('frombody')
  })

  it('binds the fields of a multipart/form-data body', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const form = new FormData()
    form.set('Key', key)
    form.set('Message', 'from multipart')
    form.set('Rating', '2')
    const response = await app.request(commentsPath, {
      method: 'PUT',
      headers: { Accept: 'application/json' },
      body: form,
    })
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({
      Key: key,
      Message: 'from multipart',
      Rating: 2,
    })
  })

  it('binds the fields of a form-urlencoded body, over the query string', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await app.request(`${commentsPath}?Message=fromquery&Name=QueryName`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ Key: key, Message: 'fromform', Rating: '4' }).toString(),
    })
    expect(response.status).toBe(200)
    expect(await readJson(response)).toMatchObject({
      Key: key,
      Message: 'fromform',
      Name: 'QueryName',
      Rating: 4,
    })
  })
})

describe('CORS', () => {
  it('answers a preflight with the origin, credentials and the requested headers', async () => {
    const { app } = buildApp()
    const response = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,x-custom-header',
      },
    })
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase()
    expect(allowed).toContain('content-type')
    expect(allowed).toContain('x-custom-header')
    expect(response.headers.get('access-control-allow-methods') ?? '').toContain('PUT')
  })

  it('writes Vary: Accept on a preflight too, as on every response', async () => {
    const { app } = buildApp()
    const response = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    })
    expect(response.headers.get('vary') ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/)
  })

  it('echoes the origin on an actual request', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(
      app,
      'PUT',
      commentsPath,
      { Key: commentKey(store) },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('writes no CORS headers with cors: false, and routes OPTIONS like any verb', async () => {
    const { app, store } = buildApp({ cors: false })
    const response = await sendJson(
      app,
      'PUT',
      commentsPath,
      { Key: commentKey(store) },
      { Origin: 'http://localhost:5173' },
    )
    expect(response.status).toBe(200)
    const corsHeaders = [...response.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    )
    expect(corsHeaders).toEqual([])
    const preflight = await app.request(commentsPath, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PUT' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    await expectPlain404(preflight)
  })
})

describe('CORS on every kind of answer', () => {
  const origin = { Origin: 'http://localhost:5173' }

  it('builds the headers into an operation answer, Vary keeping Accept', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) }, origin)
    expect(response.headers.get('vary')).toBe('Accept, Origin')
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Content-Disposition, X-Mock-Warning',
    )
  })

  it('answers a request without an Origin (no CORS request) with no CORS headers', async () => {
    const { app, store } = buildApp()
    const response = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(response.status).toBe(200)
    const corsHeaders = [...response.headers.keys()].filter((name) =>
      name.startsWith('access-control-'),
    )
    expect(corsHeaders).toEqual([])
    expect(response.headers.get('vary')).toBe('Accept')
  })

  it.each([
    ['a service error', 'PUT', commentsPath, { Key: '' }, 400],
    ['an unknown route under the base path', 'GET', '/RestApi/nowhere', undefined, 404],
    ['a path outside the mock', 'GET', '/elsewhere', undefined, 404],
    ['a control route', 'GET', '/__mock/settings', undefined, 200],
  ])('adds them to %s', async (_label, method, path, body, status) => {
    const { app } = buildApp()
    const response = await sendJson(app, method, path, body, origin)
    expect(response.status).toBe(status)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
    expect(response.headers.get('vary') ?? '').toContain('Origin')
  })

  it("adds them to the answer of a user's own msw handler", async () => {
    const { app } = buildApp({
      handlers: [http.get('*/own', () => HttpResponse.json({ own: true }))],
    })
    const response = await app.request('/own', { headers: origin })
    expect(await response.json()).toEqual({ own: true })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})

describe('request log', () => {
  function loggedApp(): { app: ReturnType<typeof buildApp>['app']; store: Store; lines: string[] } {
    const lines: string[] = []
    const { app, store } = buildApp({ log: (line) => lines.push(line) })
    return { app, store, lines }
  }

  it('writes one line per request: method, path, format, status and time', async () => {
    const { app, store, lines } = loggedApp()
    await sendJson(app, 'PUT', `${commentsPath}?format=csv`, { Key: commentKey(store) })
    await sendJson(app, 'PUT', commentsPath, { Key: '' }, { Accept: 'application/xml' })
    await app.request('/__mock/settings')
    await app.request('/elsewhere')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(
      /^PUT \/RestApi\/comments-api\/comments\?format=csv csv 200 \d+\.\dms$/,
    )
    expect(lines[1]).toMatch(/^PUT \/RestApi\/comments-api\/comments xml 400 \d+\.\dms$/)
    expect(lines[2]).toMatch(/^GET \/__mock\/settings json 200 /)
    expect(lines[3]).toMatch(/^GET \/elsewhere text 404 /)
  })

  it("ends the line with the mock's warnings, as X-Mock-Warning says them", async () => {
    const { app, store, lines } = loggedApp()
    const response = await sendJson(app, 'PUT', commentsPath, {
      Key: commentKey(store),
      Rating: 'five',
    })
    const warning = response.headers.get('x-mock-warning')
    expect(warning).toContain('Rating')
    expect(lines[0]).toMatch(/ json 200 \d+\.\dms warning: /)
    expect(lines[0]?.endsWith(`warning: ${warning}`)).toBe(true)
  })

  it('logs a JSONP answer as jsonp', async () => {
    const { app, store, lines } = loggedApp()
    await sendJson(app, 'PUT', `${commentsPath}?callback=cb`, { Key: commentKey(store) })
    expect(lines[0]).toMatch(/ jsonp 200 /)
  })
})

describe('GET /__mock/state', () => {
  it('answers 200 JSON with exactly the four collections, counted as in the store', async () => {
    const { app, store } = buildApp()
    const response = await app.request('/__mock/state')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    const state = JSON.parse(text) as Record<string, unknown[]>
    expect(Object.keys(state)).toEqual(['ABTests', 'Services', 'Containers', 'Comments'])
    expect(state.ABTests).toHaveLength(store.counts.abTests)
    expect(state.Services).toHaveLength(store.counts.services)
    expect(state.Containers).toHaveLength(store.counts.containers)
    expect(state.Comments).toHaveLength(store.counts.comments)
    expect(state.Comments).toHaveLength(store.state.comments.size)
    expect(text).toContain('"DateCreated":"\\/Date(')
    expect(text).toContain('"LastModified":"\\/Date(')
  })

  it('counts what a custom seed made', async () => {
    const store = createStore({
      seed: 3,
      counts: { abTests: 2, services: 1, containers: 0, comments: 7 },
    })
    const { app } = buildApp({ store })
    const state = (await (await app.request('/__mock/state')).json()) as Record<string, unknown[]>
    expect(Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v.length]))).toEqual({
      ABTests: 2,
      Services: 1,
      Containers: 0,
      Comments: 7,
    })
  })
})

describe('failures inside the mock', () => {
  function throwingMock(store: Store): Mock {
    const config = resolveConfig({ defaultFormat: 'json', clock: () => now })
    const boom: Operation = defineOperation({
      method: 'PUT',
      route: '/boom',
      request: CommentUpdateRequest,
      response: CommentResponse,
      resolve: () => {
        throw new Error('Failed to answer: the resolver broke')
      },
    })
    const operations = [boom]
    const dispatch = createDispatch({
      operations,
      control: async () => undefined,
      config,
      storeFor: () => store,
      hooks: { before: () => undefined, after: () => {} },
    })
    return { ...createMock({ store }), config, operations, dispatch }
  }

  it('answers 500 with a ResponseStatus body when an operation throws, and keeps answering', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createStore({ seed: 1 })
    const app = createApp({ mock: throwingMock(store) })
    for (let i = 0; i < 2; i++) {
      const response = await sendJson(app, 'PUT', '/RestApi/boom', {})
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const { ResponseStatus } = await readJson(response)
      expect(ResponseStatus).toMatchObject({
        Message: 'Failed to answer: the resolver broke',
        Errors: [],
      })
      expect(ResponseStatus.ErrorCode).toEqual(expect.any(String))
    }
    await expectPlain404(await app.request('/RestApi/other'))
    expect(errors).toHaveBeenCalled()
  })

  it('answers 500 with a ResponseStatus body when a user handler throws, and keeps answering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { app, store } = buildApp({
      handlers: [
        http.get('*/api/broken', () => {
          throw new Error('the user handler broke')
        }),
      ],
    })
    const response = await app.request('/api/broken')
    expect(response.status).toBe(500)
    const body = await readJson(response)
    expect(body.ResponseStatus).toMatchObject({ Errors: [] })
    expect(body.ResponseStatus.Message).toContain('the user handler broke')
    const next = await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })
    expect(next.status).toBe(200)
  })
})

describe('the user’s own msw handlers', () => {
  it('answers their own paths beside the mock’s routes', async () => {
    const { app, store } = buildApp({
      handlers: [
        http.get('*/api/own', () => HttpResponse.json({ ok: true })),
        http.post('*/api/echo', async ({ request }) => HttpResponse.json(await request.json())),
      ],
    })
    const own = await app.request('/api/own')
    expect(own.status).toBe(200)
    expect(await own.json()).toEqual({ ok: true })
    const echo = await app.request('/api/echo', { method: 'POST', body: '{"a":1}' })
    expect(await echo.json()).toEqual({ a: 1 })
    expect((await sendJson(app, 'PUT', commentsPath, { Key: commentKey(store) })).status).toBe(200)
    await expectPlain404(await app.request('/api/not-theirs'))
  })

  it('lets a user handler add a verb the mock lacks on a known path', async () => {
    const { app } = buildApp({
      handlers: [
        http.get('*/RestApi/comments-api/comments', () => HttpResponse.json({ Items: [] })),
      ],
    })
    const response = await app.request(commentsPath)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ Items: [] })
  })

  it('does not let a user handler shadow a mock route', async () => {
    const { app } = buildApp({
      handlers: [
        http.put('*/RestApi/comments-api/comments', () => HttpResponse.json({ shadow: true })),
      ],
    })
    const response = await sendJson(app, 'PUT', commentsPath, { Key: '' })
    expect(response.status).toBe(400)
  })
})
