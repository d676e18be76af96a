import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumerProject } from '../package/consumer-project.ts'
import { launchChromium } from './chromium.ts'

// The dashboard's script is its functions' own source text: from the package, that is the text
// the bundler wrote. This opens the dashboard the installed package serves (dist, as a user has
// it) and checks that its script runs under its own Content-Security-Policy.

type Package = typeof import('../../src/index.ts')

let server: Awaited<ReturnType<Package['createServer']>>
let store: ReturnType<Package['createStore']>
let browser: Browser
let page: Page
const pageErrors: string[] = []
const refused: string[] = []

beforeAll(async () => {
  const { dir } = await consumerProject()
  const entry = pathToFileURL(join(dir, 'node_modules/restapi-mock/dist/index.js')).href
  const { createServer, createStore } = (await import(entry)) as Package
  store = createStore({ seed: 1 })
  server = await createServer({ port: 0, log: false, store })
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text())
  })
  await page.goto(`${server.url}/__mock`)
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('the dashboard of the installed package, in Chromium', () => {
  it('draws the counts and follows a request in its journal, with no error', async () => {
    const poll = { timeout: 15_000, interval: 100 }
    const comments = String(store.state.comments.size)
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe(comments)
    expect(await page.locator('[data-testid="table-Comments"] tbody tr').count()).toBe(
      store.state.comments.size,
    )
    const response = await fetch(`${server.url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: 'nope' }),
    })
    expect(response.status).toBe(404)
    await expect.poll(() => page.getByTestId('journal-row').count(), poll).toBe(1)
    expect(pageErrors).toEqual([])
    expect(refused).toEqual([])
  })
})
