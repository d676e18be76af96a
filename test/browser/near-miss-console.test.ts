import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey } from '../support/index.ts'
import { buildExample } from './build-examples.ts'
import { launchChromium, screenshotDir } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// In the page's home, the service worker's mock says in the console what a request no route
// took was near, and why a body was ignored: one warning per distinct miss, not one a request
// (issue 38).

let site: StaticServer
let browser: Browser
let page: Page
const warnings: string[] = []
const key = commentKey(createStore({ seed: 1 }))

interface Init {
  method?: string
  headers?: Record<string, string>
  body?: string
}

function send(path: string, init: Init = {}): Promise<{ status: number; warning: string }> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, init)
      await response.text()
      return { status: response.status, warning: response.headers.get('X-Mock-Warning') ?? '' }
    },
    { path, init },
  )
}

beforeAll(async () => {
  site = await serveFolder(await buildExample('parity'))
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('restapi-mock:'))
      warnings.push(message.text())
  })
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 })
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('the console of a page served by the worker', () => {
  it('prints one warning per distinct miss, naming the fix', async () => {
    const mistyped = { method: 'PUT', body: '{}', headers: { 'Content-Type': 'application/json' } }
    const first = await send('/RestApi/comments-api/comment', mistyped)
    await send('/RestApi/comments-api/comment', mistyped)
    await send('/RestApi/comments-api/comment', mistyped)
    await send('/RestApi/session/is-authenticated')
    // A string body with no headers: fetch sends it as text/plain, which the host ignores.
    const plain = await send('/RestApi/comments-api/comments', {
      method: 'PUT',
      body: JSON.stringify({ Key: key, Message: 'x' }),
    })
    await page.screenshot({ path: `${screenshotDir}near-miss-console.png` })
    expect(first.status).toBe(404)
    expect(plain.status).toBe(400)
    // The page's own last line: every warning of the mock is in before it.
    await page.evaluate(() => console.warn('restapi-mock: (the test) end'))
    await expect.poll(() => warnings.at(-1)).toBe('restapi-mock: (the test) end')
    expect(warnings).toHaveLength(4)
    expect(warnings[0]).toBe(
      'restapi-mock: no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
    )
    expect(warnings[1]).toContain('UserSessionService.Get(StatusRequest)')
    expect(warnings[2]).toContain('PUT /RestApi/comments-api/comments 400:')
    expect(warnings[2]).toContain(plain.warning)
    expect(warnings[2]).toContain('send Content-Type: application/json')
  })

  it("fails a miss under onMiss 'error': the page's fetch rejects, the console says why", async () => {
    const strict = await browser.newPage()
    const errors: string[] = []
    strict.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('restapi-mock:'))
        errors.push(message.text())
    })
    await strict.goto(`${site.url}/?onMiss=error`)
    await strict.waitForSelector('body[data-ready="true"]', { timeout: 30_000 })
    const outcome = await strict.evaluate(async () => {
      try {
        const response = await fetch('/RestApi/comments-api/comment', { method: 'PUT' })
        return `answered ${response.status}`
      } catch (error) {
        return `rejected: ${String(error)}`
      }
    })
    expect(outcome).toMatch(/^rejected: TypeError/)
    await expect
      .poll(() => errors)
      .toEqual([
        'restapi-mock: no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
      ])
    await strict.close()
  })
})
