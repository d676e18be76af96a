import { describe, expect, it } from 'vitest'
import type { AppOptions } from '../../src/index.ts'
import type { Fallback } from '../../src/wire/index.ts'
import { buildApp, commentKey, commentMessage, readJson } from '../support/index.ts'

// Issue 26, point 8: a page of another site cannot change the mock through requests that carry
// no Origin (an <img>, a link, a navigation, a no-cors GET). Fetch Metadata names them; they may
// read, never write, override a verb into a write, or make a session. Requests without Fetch
// Metadata (curl, Node, tests) and the mock's own pages are served as before.

/** The headers Chromium sends with each kind of request a page of another site can make. */
const chrome = {
  image: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
  noCorsFetch: {
    'Sec-Fetch-Site': 'cross-site',
    'Sec-Fetch-Mode': 'no-cors',
    'Sec-Fetch-Dest': 'empty',
  },
  link: {
    'Sec-Fetch-Site': 'cross-site',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    'Sec-Fetch-User': '?1',
  },
  /** A form POST, with the Origin a privacy tool or an old browser leaves out. */
  formPost: {
    'Sec-Fetch-Site': 'cross-site',
    'Sec-Fetch-Mode': 'navigate',
    'Sec-Fetch-Dest': 'document',
    'Content-Type': 'application/x-www-form-urlencoded',
  },
  sameSiteImage: {
    'Sec-Fetch-Site': 'same-site',
    'Sec-Fetch-Mode': 'no-cors',
    'Sec-Fetch-Dest': 'image',
  },
} as const

const commentsPath = '/RestApi/comments-api/comments'
const createServicePath = '/RestApi/json/reply/CreateService'

function setup(options: AppOptions = {}) {
  const built = buildApp(options)
  const key = commentKey(built.store)
  const message = (): string | null | undefined => commentMessage(built.store, key)
  const overrideUrl = `${commentsPath}?X-HTTP-Method-Override=PUT&Key=${key}&Message=pwned`
  return { ...built, key, message, overrideUrl }
}

async function expectCrossSiteRefusal(response: Response, what: RegExp): Promise<void> {
  expect(response.status).toBe(403)
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const { ResponseStatus } = await readJson(response)
  expect(ResponseStatus.ErrorCode).toBe('Forbidden')
  expect(ResponseStatus.Message).toMatch(what)
  expect(ResponseStatus.Message).toContain('from a page of another site')
  expect(ResponseStatus.Errors).toEqual([])
}

describe('a write from a page of another site without an Origin', () => {
  it.each([
    { kind: 'an <img>', headers: chrome.image },
    { kind: 'a no-cors fetch', headers: chrome.noCorsFetch },
    { kind: 'a link', headers: chrome.link },
    { kind: 'a same-site <img>', headers: chrome.sameSiteImage },
  ])('refuses a GET that X-HTTP-Method-Override makes a PUT, from $kind', async ({ headers }) => {
    const { app, message, overrideUrl } = setup()
    const before = message()
    const response = await app.request(overrideUrl, { headers })
    await expectCrossSiteRefusal(response, /a PUT through X-HTTP-Method-Override/)
    expect(message()).toBe(before)
  })

  // Issue 40, L3: the check took every OPTIONS for a read, while the dispatch honours the
  // override on any verb, so this ran the write.
  it.each<{ how: string; url: (o: string) => string; headers: Record<string, string> }>([
    { how: 'the query', url: (o: string) => o, headers: {} },
    {
      how: 'the header',
      url: (o: string) => o.replace('X-HTTP-Method-Override=PUT&', ''),
      headers: { 'X-HTTP-Method-Override': 'PUT' },
    },
  ])('refuses an OPTIONS that X-HTTP-Method-Override in $how makes a PUT', async (made) => {
    const { app, message, overrideUrl } = setup()
    const before = message()
    const response = await app.request(made.url(overrideUrl), {
      method: 'OPTIONS',
      headers: { 'Sec-Fetch-Site': 'cross-site', ...made.headers },
    })
    await expectCrossSiteRefusal(response, /a PUT through X-HTTP-Method-Override/)
    expect(message()).toBe(before)
  })

  it('still lets an OPTIONS without an override, or one that names a read, through', async () => {
    const { app, key } = setup()
    for (const query of ['', '?X-HTTP-Method-Override=GET', '?X-HTTP-Method-Override=OPTIONS']) {
      const response = await app.request(`${commentsPath}${query}${query ? '&' : '?'}Key=${key}`, {
        method: 'OPTIONS',
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      })
      expect(response.status, query).not.toBe(403)
    }
  })

  it('refuses the override in any case of the query name, and in the header', async () => {
    const { app, key, message } = setup()
    const before = message()
    const lower = `${commentsPath}?x-http-method-override=put&Key=${key}&Message=pwned`
    await expectCrossSiteRefusal(await app.request(lower, { headers: chrome.image }), /a PUT/)
    const header = await app.request(`${commentsPath}?Key=${key}&Message=pwned`, {
      headers: { ...chrome.noCorsFetch, 'X-HTTP-Method-Override': 'PUT' },
    })
    await expectCrossSiteRefusal(header, /a PUT through X-HTTP-Method-Override/)
    expect(message()).toBe(before)
  })

  it("refuses an operation's POST, and nothing is stored", async () => {
    const { app, store } = setup()
    const response = await app.request(createServicePath, {
      method: 'POST',
      headers: { ...chrome.noCorsFetch, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ Route: '/api/planted', Name: 'Planted' }),
    })
    await expectCrossSiteRefusal(response, /a POST/)
    expect(store.state.services.has('/api/planted')).toBe(false)
  })

  it('refuses a form POST whose X-HTTP-Method-Override field makes it a PUT', async () => {
    const { app, key, message } = setup()
    const before = message()
    const response = await app.request(commentsPath, {
      method: 'POST',
      headers: chrome.formPost,
      body: `X-HTTP-Method-Override=PUT&Key=${key}&Message=pwned`,
    })
    await expectCrossSiteRefusal(response, /a POST/)
    expect(message()).toBe(before)
  })

  it('refuses a control write (a reset), and the seed stays', async () => {
    const { app, store } = setup()
    const response = await app.request('/__mock/reset?seed=9', {
      method: 'POST',
      headers: chrome.formPost,
    })
    await expectCrossSiteRefusal(response, /a POST/)
    expect(store.seed).toBe(1)
  })

  it.each<{ by: string; path: string; headers: Record<string, string> }>([
    { by: 'the query', path: '/__mock/state?__session=img-1', headers: {} },
    {
      by: 'the cookie',
      path: '/__mock/state',
      headers: { Cookie: 'restapi-mock-session=img-1' },
    },
    { by: 'the header', path: '/__mock/state', headers: { 'X-Mock-Session': 'img-1' } },
  ])('refuses a GET that would make a session, named by $by', async ({ path, headers }) => {
    const { app, mock } = setup()
    const response = await app.request(path, { headers: { ...chrome.image, ...headers } })
    await expectCrossSiteRefusal(response, /the creation of the session 'img-1'/)
    expect(mock.sessions.size).toBe(0)
  })

  it("cannot push a running test's session out with new sessions", async () => {
    const { app, mock } = setup({ maxSessions: 3 })
    await app.request('/__mock/fixtures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'my-test' },
      body: JSON.stringify({ Comments: [{ Key: 'mine' }] }),
    })
    const statuses = new Set<number>()
    for (let index = 0; index < 20; index++) {
      const response = await app.request(`/__mock/state?__session=img${index}`, {
        headers: chrome.image,
      })
      statuses.add(response.status)
    }
    expect([...statuses]).toEqual([403])
    expect(mock.sessions.list().map((session) => session.id)).toEqual(['my-test'])
    const mine = await readJson(
      await app.request('/__mock/state', { headers: { 'X-Mock-Session': 'my-test' } }),
    )
    expect(mine.Comments.map((comment: { Key: string }) => comment.Key)).toContain('mine')
  })

  it('refuses a write that would reach the proxy, and the upstream is never called', async () => {
    const calls: string[] = []
    const upstream: Fallback = {
      source: 'proxy',
      name: 'http://cms.example',
      answer: async (request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`)
        return { status: 200, statusText: 'OK', headers: {}, cookies: [], body: 'upstream' }
      },
    }
    const { app } = setup({ fallbacks: [upstream] })
    const write = await app.request('/RestApi/auth/login', {
      method: 'POST',
      headers: chrome.formPost,
      body: 'UserName=a&Password=b',
    })
    await expectCrossSiteRefusal(write, /a POST/)
    expect(calls).toEqual([])
    const read = await app.request('/RestApi/pages/home', { headers: chrome.image })
    expect(read.status).toBe(200)
    expect(await read.text()).toBe('upstream')
    expect(calls).toEqual(['GET /RestApi/pages/home'])
  })
})

describe('what a page of another site may still do', () => {
  it.each([
    { kind: 'an <img>', headers: chrome.image },
    { kind: 'a link', headers: chrome.link },
  ])('reads the state and opens the dashboard from $kind', async ({ headers }) => {
    const { app } = setup()
    expect((await app.request('/__mock/state', { headers })).status).toBe(200)
    expect((await app.request('/__mock', { headers })).status).toBe(200)
  })

  it('reads an existing session, and an override that names GET', async () => {
    const { app, key, message } = setup()
    await app.request('/__mock/state', { headers: { 'X-Mock-Session': 'known' } })
    const session = await app.request('/__mock/state?__session=known', {
      headers: chrome.image,
    })
    expect(session.status).toBe(200)
    const get = await app.request(`${commentsPath}?X-HTTP-Method-Override=GET&Key=${key}`, {
      headers: chrome.image,
    })
    expect(get.status).not.toBe(403)
    expect(message()).not.toBe('pwned')
  })
})

describe('requests the check leaves alone', () => {
  it('serves the GET override without Fetch Metadata, as curl sends it', async () => {
    const { app, message, overrideUrl } = setup()
    const response = await app.request(overrideUrl)
    expect(response.status).toBe(200)
    expect(message()).toBe('pwned')
  })

  it.each([
    { site: 'same-origin', headers: { 'Sec-Fetch-Site': 'same-origin' } },
    { site: 'none (a typed URL)', headers: { 'Sec-Fetch-Site': 'none' } },
  ])('serves the GET override from $site', async ({ headers }) => {
    const { app, message, overrideUrl } = setup()
    expect((await app.request(overrideUrl, { headers })).status).toBe(200)
    expect(message()).toBe('pwned')
  })

  it('serves a session made by a typed URL', async () => {
    const { app, mock } = setup()
    const response = await app.request('/__mock/state?__session=typed', {
      headers: { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
    })
    expect(response.status).toBe(200)
    expect(mock.sessions.list().map((session) => session.id)).toEqual(['typed'])
  })

  it.each([
    { site: 'same-site', origin: 'http://localhost:5173' },
    // A dev server on localhost calling the mock on 127.0.0.1 is another site to a browser.
    { site: 'cross-site', origin: 'http://localhost:5173' },
  ])('serves a $site write from an allowed origin ($origin)', async ({ site, origin }) => {
    const { app, store } = setup()
    const response = await app.request(createServicePath, {
      method: 'POST',
      headers: {
        'Sec-Fetch-Site': site,
        'Sec-Fetch-Mode': 'cors',
        'Sec-Fetch-Dest': 'empty',
        Origin: origin,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ Route: '/api/planted', Name: 'Planted' }),
    })
    expect(response.status).toBe(200)
    expect(store.state.services.get('/api/planted')?.Name).toBe('Planted')
  })

  it('serves a cross-site write from an origin allowed with --cors-origin', async () => {
    const { app, mock } = setup({ allowedOrigins: ['https://app.example'] })
    const response = await app.request('/__mock/state?__session=from-app', {
      headers: {
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'cors',
        Origin: 'https://app.example',
      },
    })
    expect(response.status).toBe(200)
    expect(mock.sessions.size).toBe(1)
  })

  it('still refuses a same-site write from an origin that is not allowed, by its Origin', async () => {
    const { app, store } = setup()
    const response = await app.request('/__mock/reset?seed=9', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-site', Origin: 'https://other.example' },
    })
    expect(response.status).toBe(403)
    expect((await readJson(response)).ResponseStatus.Message).toContain("'https://other.example'")
    expect(store.seed).toBe(1)
  })
})
