import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey } from '../support/index.ts'
import { buildExample } from './build-examples.ts'
import { launchChromium, screenshotDir } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// The example app (examples/browser) built with Vite, served as static files, and opened in
// Chromium: its calls to the four operations, in JSON and in CSV, are answered by the service
// worker alone. The static server behind it never sees a /RestApi request.

const seeded = createStore({ seed: 1 })
const firstCommentKey = commentKey(seeded)
// The page id the example sends: the first page the seed holds, with its title.
const pageId = Array.from(seeded.state.pages.keys())[0] ?? ''
const json = 'application/json; charset=utf-8'
const csv = 'text/csv'
const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

let site: StaticServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const consoleErrors: string[] = []
/** `/RestApi` answers as Chromium saw them: status, and whether the service worker gave them. */
const apiResponses: { url: string; status: number; fromServiceWorker: boolean }[] = []

beforeAll(async () => {
  const dist = await buildExample('browser')
  site = await serveFolder(dist)
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    // The example has no favicon; Chromium asks for one and logs the static server's 404.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      consoleErrors.push(`${message.text()} (${message.location().url})`)
  })
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.toLowerCase().startsWith('/restapi/'))
      apiResponses.push({
        url: response.url(),
        status: response.status(),
        fromServiceWorker: response.fromServiceWorker(),
      })
  })
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

/** The status line and the body text of one section of the page. */
async function section(testId: string): Promise<{ status: string; body: string }> {
  const element = page.getByTestId(testId)
  return {
    status: (await element.locator('.status').textContent()) ?? '',
    body: (await element.locator('pre').textContent()) ?? '',
  }
}

async function jsonSection(testId: string): Promise<Record<string, any>> {
  const { status, body } = await section(testId)
  expect(status).toBe(`200 ${json}`)
  return JSON.parse(body) as Record<string, any>
}

/** The CSV answer and its header row. */
async function csvSection(testId: string): Promise<{ header: string; body: string }> {
  const { status, body } = await section(testId)
  expect(status).toBe(`200 ${csv}`)
  const [header = ''] = body.split(/\r?\n/)
  return { header, body }
}

describe('the example app in Chromium', () => {
  it('starts the service worker and shows all eight answers', async () => {
    expect(await page.getByTestId('worker-status').textContent()).toBe(
      'The service worker answers /RestApi.',
    )
    expect(await page.locator('section').count()).toBe(8)
    expect(pageErrors).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('updates a comment, in JSON and in CSV', async () => {
    const answer = await jsonSection('comments-json')
    expect(answer.Key).toBe(firstCommentKey)
    expect(answer.Message).toBe('Edited in the browser')
    expect(answer.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)
    const table = await csvSection('comments-csv')
    expect(table.header).toMatch(/^Key,Name,Message,DateCreated,/)
    expect(table.body).toContain(firstCommentKey)
    expect(table.body).toContain('Edited in the browser')
  })

  it('creates A/B tests with generated ids, in JSON and in CSV', async () => {
    const answer = await jsonSection('ab-testing-json')
    expect(answer.Title).toBe('Checkout button colour')
    expect(answer.Status).toBe('Active')
    expect(answer.Id).toMatch(guid)
    expect(answer.LastModified).toMatch(/^\/Date\(\d+\)\/$/)
    const table = await csvSection('ab-testing-csv')
    expect(table.header).toMatch(/^Id,Title,/)
    expect(table.body).toContain('Checkout button colour')
    // The second call made a second test, with the next generated id.
    const csvId = table.body.split(/\r?\n/)[1]?.split(',')[0]
    expect(csvId).toMatch(guid)
    expect(csvId).not.toBe(answer.Id)
  })

  it('creates service definitions, in JSON and in CSV', async () => {
    const answer = await jsonSection('createService-json')
    expect(answer.Route).toMatch(/^\/api\/example-\d+$/)
    expect(answer.Name).toBe('Example')
    expect(answer.Enabled).toBe(false)
    const table = await csvSection('createService-csv')
    expect(table.header).toMatch(/^Route,Name,/)
    expect(table.body).toMatch(/\/api\/example-\d+,Example,/)
  })

  it('enriches container info from the seed, in JSON and in CSV', async () => {
    const answer = await jsonSection('containersInfo-json')
    expect(answer.PageId).toBe(pageId)
    expect(answer.PageTitle).toBe(seeded.factory.pageTitle(pageId))
    expect(answer.ContainersInfo).toHaveLength(1)
    expect(answer.ContainersInfo[0].ItemType).toBe('Cms.News.Model.NewsItem')
    expect(answer.ContainersInfo[0].Fields[0].Name).toBe('Title')
    const table = await csvSection('containersInfo-csv')
    expect(table.header).toBe('PageId,PageTitle,ContainersInfo')
    expect(table.body).toContain(`${pageId},${seeded.factory.pageTitle(pageId)},`)
  })

  it('is answered by the service worker: no /RestApi request reaches the static server', () => {
    expect(apiResponses).toHaveLength(8)
    for (const response of apiResponses) {
      expect(response.status, response.url).toBe(200)
      expect(response.fromServiceWorker, response.url).toBe(true)
    }
    const reachedServer = site.requests.filter((line) => /\s\/restapi\b/i.test(line))
    expect(reachedServer).toHaveLength(0)
    // The page itself did come from the static server.
    expect(site.requests).toContain('GET /')
    expect(site.requests).toContain('GET /mockServiceWorker.js')
  })

  it('takes a screenshot of the page', async () => {
    const path = join(screenshotDir, 'example-app.png')
    await page.screenshot({ path, fullPage: true })
    expect(statSync(path).size).toBeGreaterThan(10_000)
  })
})
