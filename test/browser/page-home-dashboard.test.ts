import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildExample } from './build-examples.ts'
import { launchChromium, screenshotDir } from './chromium.ts'
import { serveFolder, type StaticServer } from './static-server.ts'

// The page's home (issue 36, newcomer F6): the example app's state survives a reload, and
// `/__mock` opened in another tab of the app's origin is the dashboard of the app's own mock,
// live. The static server falls back to index.html as a dev server does, so `/__mock` is the
// app's page, which startWorker turns into the dashboard.

const seeded = createStore({ seed: 1 })
// The app edits the first comment on every load; the test edits the second one.
const comments = [...seeded.state.comments.values()]
const key = comments[1]?.Key ?? ''
const seededMessage = comments[1]?.Message ?? ''
const edited = 'Saved before the reload'
const poll = { timeout: 15_000, interval: 100 }

let site: StaticServer
let browser: Browser
let context: BrowserContext
let app: Page
const pageErrors: string[] = []

beforeAll(async () => {
  site = await serveFolder(await buildExample('browser'), { fallback: 'index.html' })
  browser = await launchChromium()
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  app = await context.newPage()
  app.on('pageerror', (error) => pageErrors.push(error.message))
  await openApp(app)
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function openApp(page: Page): Promise<void> {
  await page.goto(`${site.url}/`)
  await page.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
}

function send(page: Page, path: string, init: RequestInit = {}): Promise<string> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, init)
      return `${response.status} ${await response.text()}`
    },
    { path, init: init as Record<string, unknown> },
  )
}

async function messageIn(page: Page): Promise<string | undefined> {
  const text = await send(page, '/__mock/state')
  const state = JSON.parse(text.slice(text.indexOf(' ') + 1)) as {
    Comments: { Key: string; Message: string }[]
  }
  return state.Comments.find((comment) => comment.Key === key)?.Message
}

const editComment = (page: Page, message: string): Promise<string> =>
  send(page, '/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ Key: key, Message: message }),
  })

describe('the page’s state survives a reload', () => {
  it('keeps a comment edited by the app after a reload', async () => {
    expect(await messageIn(app)).toBe(seededMessage)
    expect(await editComment(app, edited)).toMatch(/^200 /)
    await app.reload()
    await app.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
    expect(await messageIn(app)).toBe(edited)
  })

  it('keeps latency and fault rules too, and saves them in the origin’s localStorage', async () => {
    await send(app, '/__mock/latency', { method: 'PUT', body: '{"ms":5}' })
    await send(app, '/__mock/faults', {
      method: 'POST',
      body: '{"method":"GET","path":"/RestApi/nowhere","status":503,"count":2}',
    })
    await app.reload()
    await app.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
    const settings = JSON.parse((await send(app, '/__mock/settings')).slice(4)) as {
      latency: unknown
      faults: { path: string; status: number; remaining: number }[]
    }
    expect(settings.latency).toEqual({ min: 5, max: 5 })
    expect(
      settings.faults.map(({ path, status, remaining }) => ({ path, status, remaining })),
    ).toEqual([{ path: '/RestApi/nowhere', status: 503, remaining: 2 }])
    const saved = await app.evaluate(() => Object.keys(localStorage))
    expect(saved).toEqual(['restapi-mock:/RestApi'])
  })
})

describe('/__mock in another tab of the app’s origin', () => {
  let dashboard: Page

  beforeAll(async () => {
    dashboard = await context.newPage()
    dashboard.on('pageerror', (error) => pageErrors.push(error.message))
    await dashboard.goto(`${site.url}/__mock`)
  })

  it('is the dashboard of the app’s mock: its settings, its edit and its journal', async () => {
    await expect
      .poll(() => dashboard.getByTestId('connection').textContent(), poll)
      .toMatch(/the app's tab/)
    expect(await dashboard.getByTestId('latency').textContent()).toBe('5 ms')
    await expect
      .poll(() => dashboard.getByTestId('table-Comments').textContent(), poll)
      .toContain(edited)
    // The app's own requests since its reload, from its tab's journal.
    await expect
      .poll(() => dashboard.getByTestId('journal').textContent(), poll)
      .toContain('/RestApi/comments-api/comments')
    expect(await dashboard.title()).toBe('restapi-mock dashboard')
    // What the app's own mock answers a fetch of /__mock with: the page that asks over the channel.
    expect(await send(app, '/__mock')).toContain('"channel":"restapi-mock:control"')
    // The app's page did not start: the dashboard took its place.
    expect(await dashboard.locator('#results').count()).toBe(0)
  })

  it('follows the app live: a request made in the app’s tab shows up in the dashboard’s journal', async () => {
    await send(app, '/RestApi/comments-api/comments?live-check=1', {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'Edited while the dashboard looks' }),
    })
    await expect
      .poll(() => dashboard.getByTestId('journal').textContent(), poll)
      .toContain('live-check=1')
    await expect
      .poll(() => dashboard.getByTestId('table-Comments').textContent(), poll)
      .toContain('Edited while the dashboard looks')
    await dashboard.screenshot({
      path: join(screenshotDir, 'page-home-dashboard.png'),
      fullPage: true,
    })
  })

  it('downloads the app’s journal as HAR from the header’s link, through the app’s tab', async () => {
    const [download] = await Promise.all([
      dashboard.waitForEvent('download'),
      dashboard.getByTestId('har').click(),
    ])
    expect(download.suggestedFilename()).toBe('restapi-mock.har')
    const har = JSON.parse(
      await new Response((await download.createReadStream()) as unknown as ReadableStream).text(),
    ) as { log: { entries: { request: { url: string } }[] } }
    expect(har.log.entries.some((entry) => entry.request.url.includes('live-check=1'))).toBe(true)
  })

  it('resets the app’s mock to the seed, and the reset survives the app’s reload', async () => {
    await dashboard.getByTestId('reset').click()
    await expect.poll(() => messageIn(app), poll).toBe(seededMessage)
    await app.reload()
    await app.waitForSelector('body[data-done="true"]', { timeout: 30_000 })
    expect(await messageIn(app)).toBe(seededMessage)
  })

  it('shows the saved state when no tab of the app is open, and says so', async () => {
    await editComment(app, 'Saved, then the app closed')
    await app.close()
    await dashboard.reload()
    await expect
      .poll(() => dashboard.getByTestId('connection').textContent(), poll)
      .toMatch(/no tab of the app answers/)
    await expect
      .poll(() => dashboard.getByTestId('table-Comments').textContent(), poll)
      .toContain('Saved, then the app closed')
  })

  it('is the dashboard when the app’s own tab goes to /__mock, from the saved state', async () => {
    const tab = await context.newPage()
    await openApp(tab)
    await editComment(tab, 'Edited, then the tab went to /__mock')
    await tab.goto(`${site.url}/__mock`)
    await expect
      .poll(() => tab.getByTestId('table-Comments').textContent(), poll)
      .toContain('Edited, then the tab went to /__mock')
    expect(await tab.getByTestId('connection').textContent()).not.toMatch(/404/)
    await tab.close()
  })

  it('raised no page error', () => {
    expect(pageErrors).toEqual([])
  })
})
