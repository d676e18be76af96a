import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildExample } from './build-examples.ts'
import { launchChromium } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// State, seed, latency and faults in the service worker, as in the Node server: the same
// control routes, answered by the worker alone (the static server never sees them).

let site: StaticServer
let browser: Browser
let page: Page
const seeded = createStore({ seed: 1 })
const key = [...seeded.state.comments.values()][0]?.Key ?? ''

interface Answer {
  status: number
  ms: number
  body: string
  error: string | null
}

function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return page.evaluate(
    async ({ path, init }) => {
      const started = performance.now()
      try {
        const response = await fetch(path, init)
        return {
          status: response.status,
          ms: performance.now() - started,
          body: await response.text(),
          error: null,
        }
      } catch (error) {
        return { status: 0, ms: performance.now() - started, body: '', error: String(error) }
      }
    },
    { path, init },
  )
}

const update = (message: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send('/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: message }),
  })

beforeAll(async () => {
  site = await serveFolder(await buildExample('parity'))
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 })
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('the control plane in the service worker', () => {
  it('delays an answer asked for with Prefer: delay, without a busy wait', async () => {
    const [slow, quick] = await Promise.all([
      update('slow', { Prefer: 'delay=400' }),
      update('quick'),
    ])
    expect(slow.status).toBe(200)
    expect(slow.ms).toBeGreaterThanOrEqual(380)
    expect(quick.status).toBe(200)
    expect(quick.ms).toBeLessThan(slow.ms)
  })

  it('answers a simulated status with a ServiceStack body', async () => {
    const answer = await update('x', { Prefer: 'code=503' })
    expect(answer.status).toBe(503)
    expect(JSON.parse(answer.body).ResponseStatus.ErrorCode).toBe('ServiceUnavailable')
  })

  it('fails the fetch itself on Prefer: fault=network, as a dropped connection', async () => {
    const answer = await update('x', { Prefer: 'fault=network' })
    expect(answer.status).toBe(0)
    expect(answer.error).toMatch(/TypeError/)
  })

  it('applies global latency set through /__mock/latency', async () => {
    expect((await send('/__mock/latency', { method: 'PUT', body: '{"ms":300}' })).status).toBe(200)
    expect((await update('late')).ms).toBeGreaterThanOrEqual(280)
    expect((await send('/__mock/latency', { method: 'PUT', body: 'null' })).status).toBe(200)
    expect((await update('on time')).ms).toBeLessThan(280)
  })

  it('keeps state, resets it to the seed, and restores snapshots', async () => {
    await update('before the snapshot')
    expect((await send('/__mock/snapshots/one', { method: 'POST' })).status).toBe(201)
    await update('after the snapshot')
    const state = async (): Promise<string | undefined> =>
      (
        JSON.parse((await send('/__mock/state')).body) as {
          Comments: { Key: string; Message: string }[]
        }
      ).Comments.find((comment) => comment.Key === key)?.Message
    expect(await state()).toBe('after the snapshot')
    expect((await send('/__mock/snapshots/one', { method: 'PUT' })).status).toBe(200)
    expect(await state()).toBe('before the snapshot')
    expect((await send('/__mock/reset', { method: 'POST' })).status).toBe(200)
    expect(await state()).toBe([...seeded.state.comments.values()][0]?.Message)
  })

  it('records the worker’s requests in its journal and answers the dashboard to fetch', async () => {
    const journal = JSON.parse((await send('/__mock/journal?limit=5')).body) as {
      entries: { url: string }[]
    }
    expect(journal.entries.length).toBeGreaterThan(0)
    const dashboard = await send('/__mock')
    expect(dashboard.status).toBe(200)
    expect(dashboard.body).toContain('<title>restapi-mock')
    // msw lets page navigations through, so only fetches reach the worker; none reached the site.
    expect(site.requests.filter((line) => / \/(RestApi|__mock)/.test(line))).toEqual([])
  })
})

describe('sessions in the service worker', () => {
  const messageIn = async (init: { headers?: Record<string, string> } = {}, query = '') =>
    (
      JSON.parse((await send(`/__mock/state${query}`, init)).body) as {
        Comments: { Key: string; Message: string }[]
      }
    ).Comments.find((comment) => comment.Key === key)?.Message

  it('keeps the writes of sessions named by header, query or cookie apart, as the Node server does', async () => {
    await send('/__mock/reset', { method: 'POST' })
    const shared = await messageIn()
    expect((await update('in header session', { 'X-Mock-Session': 'wh' })).status).toBe(200)
    const byQuery = await send('/RestApi/comments-api/comments?__session=wq', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'in query session' }),
    })
    expect(byQuery.status).toBe(200)
    // A service worker's requests carry no Cookie header: the handlers read the page's cookie.
    await page.evaluate(() => {
      document.cookie = 'restapi-mock-session=wc; path=/'
    })
    try {
      expect((await update('in cookie session')).status).toBe(200)
      expect(await messageIn()).toBe('in cookie session')
    } finally {
      await page.evaluate(() => {
        document.cookie = 'restapi-mock-session=; path=/; max-age=0'
      })
    }
    expect(await messageIn({ headers: { 'X-Mock-Session': 'wh' } })).toBe('in header session')
    expect(await messageIn({}, '?__session=wq')).toBe('in query session')
    expect(await messageIn()).toBe(shared)
    const listed = JSON.parse((await send('/__mock/sessions')).body) as {
      sessions: { id: string }[]
    }
    expect(listed.sessions.map((s) => s.id).sort()).toEqual(['wc', 'wh', 'wq'])
    const bad = await update('x', { 'X-Mock-Session': 'no spaces' })
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('ArgumentException')
  })
})

describe('replay in the service worker', () => {
  it('serves a recording for what the mock does not implement, any path, as --replay does', async () => {
    const hello = async () => (await send('/recorded/hello?a=1&b=2')).body
    expect(await hello()).toBe('{"Hello":"first"}')
    expect(await hello()).toBe('{"Hello":"again"}')
    expect(await hello()).toBe('{"Hello":"again"}')
    const search = await send('/RestApi/recorded/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{ "n": 1, "q": "a" }',
    })
    expect(search.status).toBe(200)
    expect(search.body).toBe('{"Found":1}')
    // Another body matches no entry: the mock's plain 404.
    const other = await send('/RestApi/recorded/search', { method: 'POST', body: '{"q":"b"}' })
    expect(other.status).toBe(404)
    const journal = JSON.parse((await send('/__mock/journal?limit=3')).body) as {
      entries: { source: string; status: number }[]
    }
    expect(journal.entries.map((entry) => entry.source)).toEqual(['replay', 'replay', 'mock'])
    // The mock's own operations still answer themselves.
    expect((await update('still the mock')).status).toBe(200)
  })
})
