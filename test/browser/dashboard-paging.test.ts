import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { launchChromium } from './chromium.ts'

// Issue 13, finding 7: the dashboard fetched the whole state every 1.5 s (150 MB at 220,000
// entities) to show 200 rows. It now asks for a page and the counts.

const comments = 50_000
let server: RunningServer
let browser: Browser
let page: Page
const stateUrls: string[] = []

beforeAll(async () => {
  const store = createStore({ seed: 1, counts: { comments } })
  server = await createServer({ port: 0, log: false, store })
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('request', (request) => {
    if (request.url().includes('/__mock/state')) stateUrls.push(request.url())
  })
  await page.goto(`${server.url}/__mock`)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the dashboard with a large state', () => {
  it('shows every count but only the first 200 rows, fetched as a page', async () => {
    const poll = { timeout: 15_000, interval: 100 }
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe('50000')
    expect(await page.locator('#rows-Comments').textContent()).toBe('(first 200 of 50000)')
    expect(await page.locator('[data-testid="table-Comments"] tbody tr').count()).toBe(200)
    expect(stateUrls.length).toBeGreaterThan(0)
    for (const url of stateUrls) expect(new URL(url).search).toBe('?limit=200')
  })
})
