import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer, type Store } from '../../src/index.ts'
import { launchChromium } from './chromium.ts'

// Issue 13, finding 5, in a real browser: a page of another site (evil.example, which Chromium
// is told resolves to 127.0.0.1) tries what the tester did by hand: reset the mock, create a
// service with a simple text/plain POST, read the state; then DNS rebinding, the page's own
// name pointed at the mock. None of it may work, while a page on localhost keeps working.

const store: Store = createStore({ seed: 1 })
let mock: RunningServer
let pages: Server
let pagesPort: number
let browser: Browser
let page: Page

beforeAll(async () => {
  mock = await createServer({ port: 0, log: false, store })
  // Any path answers a blank page: the tests only need an origin to run scripts in.
  pages = createHttpServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' })
    response.end('<!doctype html><title>a page</title>')
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  pagesPort = (pages.address() as AddressInfo).port
  browser = await launchChromium(['--host-resolver-rules=MAP evil.example 127.0.0.1'])
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
  await mock?.close()
  await new Promise((resolve) => pages?.close(resolve))
})

/** Runs the attacks from the page now open; each reports what the page could see. */
function attack(target: string): Promise<Record<string, string>> {
  return page.evaluate(async (url) => {
    const outcome = (promise: Promise<unknown>): Promise<string> =>
      promise.then(
        (value) => (typeof value === 'string' ? value : 'sent'),
        () => 'blocked',
      )
    const simple = { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } }
    return {
      reset: await outcome(
        fetch(`${url}/__mock/reset?seed=9`, { ...simple, body: '' } as RequestInit),
      ),
      create: await outcome(
        fetch(`${url}/RestApi/json/reply/CreateService`, {
          ...simple,
          body: JSON.stringify({ Route: '/api/planted', Name: 'Planted' }),
        } as RequestInit),
      ),
      read: await outcome(fetch(`${url}/__mock/state`).then((response) => response.text())),
    }
  }, target)
}

describe('a page of another site, in Chromium', () => {
  it('can neither change nor read the mock', async () => {
    await page.goto(`http://evil.example:${pagesPort}/`)
    const seen = await attack(mock.url)
    // The browser sent the simple requests (it cannot know better); the mock refused them.
    expect(seen.reset).toBe('sent')
    expect(seen.read).toBe('blocked')
    expect(store.seed).toBe(1)
    expect(store.state.services.has('/api/planted')).toBe(false)
    const journal = (await (await fetch(`${mock.url}/__mock/journal`)).json()) as {
      entries: unknown[]
    }
    expect(journal.entries).toEqual([])
  })

  it('cannot reach the mock by rebinding its own name to 127.0.0.1', async () => {
    const port = new URL(mock.url).port
    const response = await page.goto(`http://evil.example:${port}/__mock/state`)
    expect(response?.status()).toBe(403)
    expect(await page.textContent('body')).toContain('--allowed-hosts evil.example')
    const seen = await attack(`http://evil.example:${port}`)
    expect(seen.read).not.toContain('ABTests')
    expect(store.seed).toBe(1)
    expect(store.state.services.has('/api/planted')).toBe(false)
  })
})

describe('a page of another site, in Chromium, without fetch', () => {
  // Issue 26, point 8: an <img> carries no Origin, so only Fetch Metadata tells the mock it
  // comes from another site; a form POST carries the page's Origin.
  it('cannot change a comment or make a session with an <img>, nor post a form', async () => {
    const key = Array.from(store.state.comments.values())[0]?.Key ?? ''
    const before = store.state.comments.get(key.toLowerCase())?.Message
    await page.goto(`http://evil.example:${pagesPort}/`)
    const loaded = await page.evaluate(
      async ({ url, key }) => {
        const image = (src: string): Promise<string> =>
          new Promise((resolve) => {
            const img = new Image()
            img.onload = () => resolve('loaded')
            img.onerror = () => resolve('failed')
            img.src = src
          })
        const form = (): Promise<string> =>
          new Promise((resolve) => {
            const frame = document.createElement('iframe')
            frame.name = 'sink'
            document.body.append(frame)
            frame.onload = () => resolve('posted')
            const post = document.createElement('form')
            post.method = 'POST'
            post.action = `${url}/RestApi/comments-api/comments`
            post.target = 'sink'
            const fields = { 'X-HTTP-Method-Override': 'PUT', Key: key, Message: 'pwned-by-form' }
            for (const [name, value] of Object.entries(fields)) {
              const input = document.createElement('input')
              input.name = name
              input.value = value
              post.append(input)
            }
            document.body.append(post)
            post.submit()
          })
        const override = `X-HTTP-Method-Override=PUT&Key=${encodeURIComponent(key)}`
        return [
          await image(`${url}/RestApi/comments-api/comments?${override}&Message=pwned-by-img`),
          await image(`${url}/__mock/state?__session=img-1`),
          await form(),
        ]
      },
      { url: mock.url, key },
    )
    // The browser sent all three (an image that is not one fails to load); the mock refused them.
    expect(loaded).toEqual(['failed', 'failed', 'posted'])
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe(before)
    expect(mock.mock.sessions.size).toBe(0)
  })
})

describe('a page on localhost, in Chromium', () => {
  it('reads and changes the mock across origins, as before', async () => {
    await page.goto(`http://localhost:${pagesPort}/`)
    const seen = await attack(mock.url)
    expect(seen.read).toContain('ABTests')
    expect(store.seed).toBe(9)
    expect(store.state.services.get('/api/planted')?.Name).toBe('Planted')
  })
})
