import { gzipSync } from 'node:zlib'
import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createHandlers, createMock, createStore, type Har } from '../../handlers/index.ts'
import { harEntry, harOf } from './replay-har.ts'

// Issue 26, points 5 and 7: a recording's redacted values match anything sent in their place, a
// redacted Set-Cookie comes back with its name and a stable made-up value, each group of
// recorded entries keeps one cursor whatever is sent, and the body limit holds.

const origin = 'http://cms.example'

/** The msw handlers of a mock serving `har` (`createHandlers(mock, { replay })`), as a fetch. */
function replaying(...hars: Har[]): (input: string, init?: RequestInit) => Promise<Response> {
  const mock = createMock({ store: createStore({ seed: 1 }) })
  const handlers = createHandlers(mock, { replay: hars })
  return async (input, init) => {
    const response = await getResponse(handlers, new Request(new URL(input, origin), init))
    return response ?? new Response('no route', { status: 404 })
  }
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('a redacted value in a recorded request', () => {
  const send = replaying(
    harOf(
      harEntry({
        method: 'POST',
        url: `${origin}/RestApi/auth/credentials`,
        body: {
          mimeType: 'application/x-www-form-urlencoded',
          text: 'UserName=bob&Password=%3Credacted%3E&RememberMe=true',
        },
        text: '{"UserName":"bob","SessionId":"<redacted>"}',
      }),
      harEntry({
        url: `${origin}/RestApi/pages/home?access_token=%3Credacted%3E&lang=en`,
        text: '{"Title":"Home"}',
      }),
      harEntry({
        url: `${origin}/RestApi/pages/raw?api_key=<redacted>`,
        text: '{"Title":"Raw"}',
      }),
      harEntry({
        method: 'POST',
        url: `${origin}/RestApi/auth.xml`,
        body: {
          mimeType: 'application/xml',
          text: '<Authenticate xmlns="http://schemas.servicestack.net/types"><Password>&lt;redacted&gt;</Password><UserName>bob</UserName></Authenticate>',
        },
        text: '{"via":"xml"}',
      }),
      harEntry({
        method: 'POST',
        url: `${origin}/RestApi/auth.jsv`,
        body: { mimeType: 'text/jsv', text: '{UserName:bob,Password:<redacted>}' },
        text: '{"via":"jsv"}',
      }),
    ),
  )

  it('matches a form login sent with any other password', async () => {
    const login = await send('/RestApi/auth/credentials', {
      method: 'POST',
      headers: form,
      body: 'UserName=bob&Password=pw&RememberMe=true',
    })
    expect(login.status).toBe(200)
    expect(await login.json()).toEqual({ UserName: 'bob', SessionId: '<redacted>' })
    const reordered = await send('/RestApi/auth/credentials', {
      method: 'POST',
      headers: form,
      body: 'RememberMe=true&Password=other+one&UserName=bob',
    })
    expect(reordered.status).toBe(200)
  })

  it('still compares the form fields that were not redacted', async () => {
    const someoneElse = await send('/RestApi/auth/credentials', {
      method: 'POST',
      headers: form,
      body: 'UserName=eve&Password=pw&RememberMe=true',
    })
    expect(someoneElse.status).toBe(404)
    const extraField = await send('/RestApi/auth/credentials', {
      method: 'POST',
      headers: form,
      body: 'UserName=bob&Password=pw&RememberMe=true&Admin=1',
    })
    expect(extraField.status).toBe(404)
  })

  it('matches a query parameter sent with any value, written encoded or not', async () => {
    const home = await send('/RestApi/pages/home?lang=en&access_token=eyJhbGciOi')
    expect(home.status).toBe(200)
    expect(await home.json()).toEqual({ Title: 'Home' })
    const raw = await send('/RestApi/pages/raw?api_key=K-123')
    expect(await raw.json()).toEqual({ Title: 'Raw' })
    expect((await send('/RestApi/pages/home?lang=de&access_token=x')).status).toBe(404)
    expect((await send('/RestApi/pages/home?lang=en')).status).toBe(404)
  })

  it('matches an XML member sent with any value', async () => {
    const answer = await send('/RestApi/auth.xml', {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<Authenticate xmlns="http://schemas.servicestack.net/types">\n  <UserName>bob</UserName>\n  <Password>hunter2</Password>\n</Authenticate>',
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ via: 'xml' })
    const other = await send('/RestApi/auth.xml', {
      method: 'POST',
      headers: { 'Content-Type': 'application/xml' },
      body: '<Authenticate xmlns="http://schemas.servicestack.net/types"><UserName>eve</UserName><Password>x</Password></Authenticate>',
    })
    expect(other.status).toBe(404)
  })

  it('matches a JSV member sent with any value', async () => {
    const answer = await send('/RestApi/auth.jsv', {
      method: 'POST',
      headers: { 'Content-Type': 'text/jsv' },
      body: '{Password:"s3cret, with a comma",UserName:bob}',
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ via: 'jsv' })
    const other = await send('/RestApi/auth.jsv', {
      method: 'POST',
      headers: { 'Content-Type': 'text/jsv' },
      body: '{UserName:eve,Password:x}',
    })
    expect(other.status).toBe(404)
  })

  it('matches a multipart part sent with any value, whatever the boundary', async () => {
    const boundary = '----recorded7MA4YWxkTrZu0gW'
    const recorded = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="UserName"',
      '',
      'bob',
      `--${boundary}`,
      'Content-Disposition: form-data; name="Password"',
      '',
      '<redacted>',
      `--${boundary}`,
      'Content-Disposition: form-data; name="Data"; filename="data.json"',
      'Content-Type: application/json',
      '',
      '{"Site":"main","ApiKey":"<redacted>"}',
      `--${boundary}--`,
      '',
    ].join('\r\n')
    const upload = replaying(
      harOf(
        harEntry({
          method: 'POST',
          url: `${origin}/upload`,
          body: { mimeType: `multipart/form-data; boundary=${boundary}`, text: recorded },
          text: '{"via":"multipart"}',
        }),
      ),
    )
    const data = (ApiKey: string) =>
      new File([JSON.stringify({ ApiKey, Site: 'main' })], 'data.json', {
        type: 'application/json',
      })
    const body = new FormData()
    body.set('UserName', 'bob')
    body.set('Password', 'anything at all')
    body.set('Data', data('K-1'))
    const answer = await upload('/upload', { method: 'POST', body })
    expect(answer.status).toBe(200)
    const other = new FormData()
    other.set('UserName', 'eve')
    other.set('Password', 'x')
    other.set('Data', data('K-1'))
    expect((await upload('/upload', { method: 'POST', body: other })).status).toBe(404)
  })
})

describe('a redacted Set-Cookie in a recorded answer', () => {
  const entry = harEntry({
    method: 'POST',
    url: `${origin}/RestApi/auth`,
    headers: [
      { name: 'content-type', value: 'application/json' },
      { name: 'set-cookie', value: 'ss-id=<redacted>; path=/; samesite=lax; httponly' },
      { name: 'set-cookie', value: 'theme=dark; Path=/' },
    ],
  })

  it('is answered with its name, its attributes and the same made-up value every time', async () => {
    const send = replaying(harOf(entry))
    const first = await send('/RestApi/auth', { method: 'POST' })
    const second = await send('/RestApi/auth', { method: 'POST' })
    const [cookie, theme] = first.headers.getSetCookie()
    expect(cookie).toMatch(/^ss-id=[0-9a-f]{32}; path=\/; samesite=lax; httponly$/)
    expect(theme).toBe('theme=dark; Path=/')
    expect(second.headers.getSetCookie()).toEqual(first.headers.getSetCookie())
    // Another start of the same recording (a restart) makes the same value.
    const again = await replaying(harOf(entry))('/RestApi/auth', { method: 'POST' })
    expect(again.headers.getSetCookie()).toEqual(first.headers.getSetCookie())
  })

  it('makes another value for another entry or another recording', async () => {
    const send = replaying(harOf(entry, { ...entry, request: { ...entry.request, method: 'PUT' } }))
    const [post] = (await send('/RestApi/auth', { method: 'POST' })).headers.getSetCookie()
    const [put] = (await send('/RestApi/auth', { method: 'PUT' })).headers.getSetCookie()
    expect(post).not.toBe(put)
    const [second] = (
      await replaying(harOf(harEntry({ url: `${origin}/x` })), harOf(entry))('/RestApi/auth', {
        method: 'POST',
      })
    ).headers.getSetCookie()
    expect(second).not.toBe(post)
  })

  it('is answered for each cookie of a value that joined several (the journal’s HAR)', async () => {
    const joined = harEntry({
      url: `${origin}/RestApi/pages/home`,
      headers: [
        {
          name: 'set-cookie',
          value: 'a=<redacted>; Path=/, b=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly',
        },
      ],
    })
    const cookies = (await replaying(harOf(joined))('/RestApi/pages/home')).headers.getSetCookie()
    expect(cookies).toHaveLength(2)
    expect(cookies[0]).toMatch(/^a=[0-9a-f]{32}; Path=\/$/)
    expect(cookies[1]).toBe('b=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly')
  })

  it('is left out with an X-Mock-Warning when an older recording redacted it whole', async () => {
    const old = harEntry({
      url: `${origin}/RestApi/pages/home`,
      headers: [
        { name: 'content-type', value: 'application/json' },
        { name: 'set-cookie', value: '<redacted>' },
      ],
    })
    const answer = await replaying(harOf(old))('/RestApi/pages/home')
    expect(answer.status).toBe(200)
    expect(answer.headers.getSetCookie()).toEqual([])
    expect(answer.headers.get('x-mock-warning')).toMatch(/Set-Cookie .*redacted whole/)
  })
})

describe('the sequence of recorded entries', () => {
  const login = (status: number, text: string) =>
    harEntry({
      method: 'POST',
      url: `${origin}/RestApi/auth`,
      body: { mimeType: 'application/json', text: '{"UserName":"bob","Password":"<redacted>"}' },
      status,
      text,
    })

  it('advances one cursor per group of entries, whatever body is sent', async () => {
    const send = replaying(harOf(login(401, '{"try":1}'), login(200, '{"try":2}')))
    const statuses: number[] = []
    for (const password of ['a', 'b', 'c', 'a']) {
      const answer = await send('/RestApi/auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ UserName: 'bob', Password: password }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([401, 200, 200, 200])
  })

  it('prefers the entry recorded with the very value sent over a redacted one', async () => {
    const exact = harEntry({
      method: 'POST',
      url: `${origin}/RestApi/auth`,
      body: { mimeType: 'application/json', text: '{"UserName":"bob","Password":"open"}' },
      text: '{"exact":true}',
    })
    const send = replaying(harOf(login(200, '{"exact":false}'), exact))
    const post = (Password: string) =>
      send('/RestApi/auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ UserName: 'bob', Password }),
      })
    expect(await (await post('open')).json()).toEqual({ exact: true })
    expect(await (await post('other')).json()).toEqual({ exact: false })
  })
})

describe('the body of a request to a replayed route', () => {
  const send = replaying(
    harOf(
      harEntry({
        method: 'POST',
        url: `${origin}/RestApi/auth`,
        body: { mimeType: 'application/json', text: '{"UserName":"bob","Password":"<redacted>"}' },
      }),
    ),
  )

  it('past the body limit is a 413 ResponseStatus in the negotiated format', async () => {
    const answer = await send('/RestApi/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ UserName: 'bob', Password: 'x'.repeat(5 * 1024 * 1024) }),
    })
    expect(answer.status).toBe(413)
    expect(await answer.json()).toMatchObject({
      ResponseStatus: { ErrorCode: 'RequestEntityTooLarge' },
    })
    const xml = await send('/RestApi/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/xml' },
      body: 'x'.repeat(2 * 1024 * 1024),
    })
    expect(xml.status).toBe(413)
    expect(await xml.text()).toContain('<ErrorCode>RequestEntityTooLarge</ErrorCode>')
  })

  it('that does not decode is a 400 ResponseStatus, not a 500', async () => {
    const answer = await send('/RestApi/auth', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        Accept: 'application/json',
      },
      body: gzipSync('{"UserName":"bob"}').subarray(0, 12),
    })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ ResponseStatus: { ErrorCode: expect.any(String) } })
  })
})

describe('a reset', () => {
  const counter = (visit: number) =>
    harEntry({ url: `${origin}/RestApi/counter`, text: `{"Visit":${visit}}` })

  it('of the shared state rewinds the cursors; a session’s reset leaves them', async () => {
    const send = replaying(harOf(counter(1), counter(2)))
    const visit = async (): Promise<number> =>
      ((await (await send('/RestApi/counter')).json()) as { Visit: number }).Visit
    expect([await visit(), await visit(), await visit()]).toEqual([1, 2, 2])
    const inSession = await send('/__mock/reset', {
      method: 'POST',
      headers: { 'X-Mock-Session': 'a' },
    })
    expect(inSession.status).toBe(200)
    expect(await visit()).toBe(2)
    expect((await send('/__mock/reset', { method: 'POST' })).status).toBe(200)
    expect([await visit(), await visit()]).toEqual([1, 2])
  })

  it('through mock.reset() rewinds them too', async () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const handlers = createHandlers(mock, { replay: harOf(counter(1), counter(2)) })
    const visit = async (): Promise<number> => {
      const response = await getResponse(handlers, new Request(`${origin}/RestApi/counter`))
      return ((await (response as Response).json()) as { Visit: number }).Visit
    }
    expect([await visit(), await visit()]).toEqual([1, 2])
    mock.reset()
    expect(await visit()).toBe(1)
  })
})

describe('createHandlers with recordings', () => {
  it('leaves the mock it is given as it was: its dispatch does not replay them', async () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    const handlers = createHandlers(mock, {
      replay: harOf(harEntry({ url: `${origin}/RestApi/counter`, text: '{"Visit":1}' })),
    })
    const request = (): Request => new Request(`${origin}/RestApi/counter`)
    expect(mock.fallbacks).toEqual([])
    expect(await mock.dispatch(request())).toBeUndefined()
    expect((await getResponse(handlers, request()))?.status).toBe(200)
  })
})
