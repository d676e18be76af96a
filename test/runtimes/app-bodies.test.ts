import { describe, expect, it } from 'vitest'
import {
  buildApp,
  commentKey,
  commentsPath,
  readJson,
  sendJson,
  streamedRequest,
} from '../support/index.ts'

// Request bodies through the Hono app: malformed and non-object JSON, the 1 MiB and nesting
// limits, prototype keys, unknown Content-Types, and the query string and forms over the body.

/** `{"Key":…,"Deep":{"a":{"a":…}}}` nesting `levels` deep, the root object counted as 1. */
function nestedBody(key: string, levels: number): string {
  const inner = levels - 2
  return `{"Key":"${key}","Deep":${'{"a":'.repeat(inner)}{}${'}'.repeat(inner)}}`
}

describe('reading bodies', () => {
  // A trailing comma or text after the object is read as ServiceStack.Text reads it (with a
  // warning: lenient-json.test.ts); these it cannot read either.
  it.each(['{"Key":', "{'Key':'a'}", '{"Key":"a'])(
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
    const request = streamedRequest(
      commentsPath,
      { method: 'PUT', headers: { 'Content-Type': 'application/json' } },
      ['{"Key":"x","Message":"', ...Array<string>(20).fill('a'.repeat(64 * 1024)), '"}'],
    )
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
