import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildPage } from '../package/consumer-page.ts'
import { commentKey } from '../support/index.ts'
import { consumerProject } from '../package/consumer-project.ts'
import { launchChromium, screenshotDir } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// The README's browser recipe as a user builds it: the packed package installed into a fresh
// project (the same one the consumer test in `npm test` uses), the page built by that project's
// own Vite, served as static files and opened in Chromium. The service worker of the installed
// msw answers its /RestApi call; the static server never sees it.

const firstCommentKey = commentKey(createStore({ seed: 1 }))

let site: StaticServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const apiResponses: { status: number; fromServiceWorker: boolean }[] = []

beforeAll(async () => {
  const { outDir } = await buildPage(await consumerProject())
  site = await serveFolder(outDir)
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 900, height: 700 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/RestApi/'))
      apiResponses.push({
        status: response.status(),
        fromServiceWorker: response.fromServiceWorker(),
      })
  })
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('the browser recipe, built in a consumer project, in Chromium', () => {
  it("shows the worker's answer to a comment update", async () => {
    expect(await page.locator('#status').textContent()).toBe('200 application/json; charset=utf-8')
    const answer = JSON.parse((await page.locator('#answer').textContent()) ?? '') as Record<
      string,
      unknown
    >
    expect(answer).toMatchObject({ Key: firstCommentKey, Message: 'Edited in the browser' })
    expect(answer.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)
    expect(pageErrors).toEqual([])
  })

  it('was answered by the service worker, not by the static server', () => {
    expect(apiResponses).toEqual([{ status: 200, fromServiceWorker: true }])
    expect(site.requests.filter((line) => /\s\/restapi\b/i.test(line))).toEqual([])
    expect(site.requests).toContain('GET /mockServiceWorker.js')
  })

  it('takes a screenshot of the page', async () => {
    const path = join(screenshotDir, 'consumer-page.png')
    await page.screenshot({ path, fullPage: true })
    expect(statSync(path).size).toBeGreaterThan(5_000)
  })
})
