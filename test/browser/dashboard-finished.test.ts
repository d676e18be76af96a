import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { commentKey } from '../support/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// The dashboard's gaps a newcomer met (issue 36 point 7, newcomer F9), in the server's home:
// a fault rule added from a form, the journal's filter and its headers and query, a scenario
// switch that keeps the latency and fault rules, counts that follow the session picked, one
// clock, and a status message that does not push the page down.

const store = createStore({ seed: 1 })
const key = commentKey(store)
const poll = { timeout: 10_000, interval: 100 }

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  server = await createServer({ port: 0, log: false, store })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`${server.url}/__mock`)
  await page.waitForFunction(() => document.getElementById('count-Comments')?.textContent !== '…')
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

function update(
  message: string,
  headers: Record<string, string> = {},
  query = '',
): Promise<Response> {
  return fetch(`${server.url}/RestApi/comments-api/comments${query}`, {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: message }),
  })
}

const journalRows = (): Promise<string[]> => page.getByTestId('journal-row').allTextContents()

describe('the finished dashboard', () => {
  it('adds a fault rule from a form: method, path, what it does, how many times', async () => {
    await page.getByTestId('fault-method').selectOption('PUT')
    await page.getByTestId('fault-path').fill('*comments*')
    await page.getByTestId('fault-kind').selectOption('status')
    await page.getByTestId('fault-value').fill('503')
    await page.getByTestId('fault-count').fill('1')
    await page.getByTestId('add-fault').click()
    await expect
      .poll(() => page.getByTestId('faults').textContent(), poll)
      .toContain('PUT *comments*: answers 503 (1 left)')
    expect((await update('fails once')).status).toBe(503)
    expect((await update('then works')).status).toBe(200)
    // A network fault takes no value; a status that is no number is refused here, with a reason.
    await page.getByTestId('fault-kind').selectOption('delay')
    await page.getByTestId('fault-value').fill('soon')
    await page.getByTestId('add-fault').click()
    await expect
      .poll(() => page.locator('#message').textContent(), poll)
      .toMatch(/type the delay in ms/)
    await page.getByTestId('fault-kind').selectOption('network')
    expect(await page.getByTestId('fault-value').isDisabled()).toBe(true)
    await page.getByTestId('add-fault').click()
    await expect
      .poll(() => page.getByTestId('faults').textContent(), poll)
      .toContain('PUT *comments*: drops the connection')
    await page.getByTestId('clear-faults').click()
    await expect
      .poll(() => page.getByTestId('faults').textContent(), poll)
      .toContain('No fault rules.')
  })

  it('filters the journal by status, path, session and warnings', async () => {
    await fetch(`${server.url}/__mock/journal`, { method: 'DELETE' })
    expect((await update('in alice', { 'X-Mock-Session': 'alice' })).status).toBe(200)
    expect((await fetch(`${server.url}/RestApi/nowhere`)).status).toBe(404)
    // A forgotten Content-Type: answered, with a warning in the journal.
    await fetch(`${server.url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      body: JSON.stringify({ Key: key, Message: 'no type' }),
    })
    await expect.poll(async () => (await journalRows()).length, poll).toBe(3)
    await page.getByTestId('filter-status').selectOption('4')
    expect(await page.locator('[data-testid="journal-row"] td.status').allTextContents()).toEqual([
      '400 ArgumentException',
      '404 ',
    ])
    await page.getByTestId('filter-status').selectOption('')
    await page.getByTestId('filter-path').fill('nowhere')
    expect(await journalRows()).toHaveLength(1)
    expect((await journalRows())[0]).toContain('/RestApi/nowhere')
    await page.getByTestId('filter-path').fill('')
    await page.getByTestId('filter-session').selectOption('alice')
    expect(await journalRows()).toHaveLength(1)
    expect((await journalRows())[0]).toContain('alice')
    await page.getByTestId('filter-session').selectOption('')
    await page.getByTestId('filter-warnings').check()
    const warned = await journalRows()
    expect(warned.length).toBeGreaterThan(0)
    expect(warned.every((row) => !row.endsWith('—'))).toBe(true)
    expect(await page.locator('#journal-note').textContent()).toMatch(/hidden by the filter/)
    await page.getByTestId('filter-warnings').uncheck()
    expect(await journalRows()).toHaveLength(3)
  })

  it('filters further back than the 50 newest entries it shows unfiltered', async () => {
    expect((await fetch(`${server.url}/RestApi/far-back`)).status).toBe(404)
    for (let i = 0; i < 55; i++) expect((await update(`newer ${i}`)).status).toBe(200)
    await page.getByTestId('filter-path').fill('far-back')
    await expect.poll(async () => (await journalRows()).length, poll).toBe(1)
    await page.getByTestId('filter-path').fill('')
    await expect.poll(async () => (await journalRows()).length, poll).toBe(50)
  })

  it('shows a request’s query and headers in its expanded row', async () => {
    expect((await update('with a query', { 'X-Trace': 'trace-42' }, '?draft=yes&v=2')).status).toBe(
      200,
    )
    const row = page.getByTestId('journal-row').filter({ hasText: 'draft=yes' })
    await expect.poll(() => row.count(), poll).toBe(1)
    await row.click()
    const detail = page.getByTestId('journal-detail')
    expect(await detail.getByTestId('query').textContent()).toContain('draftyes')
    expect(await detail.getByTestId('query').textContent()).toContain('v2')
    expect((await detail.getByTestId('request-headers').textContent())?.toLowerCase()).toContain(
      'x-tracetrace-42',
    )
    expect((await detail.getByTestId('response-headers').textContent())?.toLowerCase()).toContain(
      'content-type',
    )
    await page.screenshot({
      path: join(screenshotDir, 'dashboard-finished-journal.png'),
      fullPage: true,
    })
    await row.click()
  })

  it('keeps the latency and fault rules when the shared state switches scenario, and says so', async () => {
    await page.getByTestId('latency-input').fill('30')
    await page.getByTestId('set-latency').click()
    await expect.poll(() => page.getByTestId('latency').textContent(), poll).toBe('30 ms')
    await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      body: '{"path":"/RestApi/kept*","status":418}',
    })
    await page.getByTestId('shared-row').getByTestId('scenario-select').selectOption('empty')
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe('0')
    expect(await page.locator('#message').textContent()).toMatch(/latency and fault rules kept/)
    expect(await page.getByTestId('latency').textContent()).toBe('30 ms')
    expect(await page.getByTestId('faults').textContent()).toContain('/RestApi/kept*')
    await fetch(`${server.url}/__mock/scenarios/default`, { method: 'PUT' })
    await fetch(`${server.url}/__mock/faults`, { method: 'DELETE' })
    await fetch(`${server.url}/__mock/latency`, { method: 'PUT', body: 'null' })
  })

  it('shows the counts, tables and settings of the session picked', async () => {
    await fetch(`${server.url}/__mock/scenarios/empty?__session=bob`, { method: 'PUT' })
    await fetch(`${server.url}/__mock/latency?__session=bob`, { method: 'PUT', body: '{"ms":7}' })
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe('24')
    await expect
      .poll(
        async () => (await page.getByTestId('view').locator('option').allTextContents()).join(),
        poll,
      )
      .toContain('session bob')
    await page.getByTestId('view').selectOption('bob')
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe('0')
    expect(await page.locator('#resources-view').textContent()).toBe('(session bob)')
    expect(await page.getByTestId('latency').textContent()).toBe('7 ms')
    expect(await page.locator('[data-testid="table-Comments"] tbody').textContent()).toBe('None')
    // What the panels change is the session's: a fault rule added now is bob's alone.
    await page.getByTestId('fault-kind').selectOption('status')
    await page.getByTestId('fault-value').fill('500')
    await page.getByTestId('add-fault').click()
    await expect.poll(() => page.getByTestId('faults').textContent(), poll).toContain('answers 500')
    const shared = (await (await fetch(`${server.url}/__mock/settings`)).json()) as {
      faults: unknown[]
    }
    expect(shared.faults).toEqual([])
    await page.getByTestId('view').selectOption('')
    await expect.poll(() => page.getByTestId('count-Comments').textContent(), poll).toBe('24')
  })

  it('says every time in UTC, the header’s clock too', async () => {
    await expect
      .poll(() => page.getByTestId('connection').textContent(), poll)
      .toMatch(/^updated \d{2}:\d{2}:\d{2} UTC$/)
  })

  it('shows its status message without pushing the page down', async () => {
    await page.getByTestId('clear-journal').click()
    await expect
      .poll(() => page.locator('#message').textContent(), poll)
      .toBe('Cleared the journal')
    const before = await page.locator('main').boundingBox()
    await page.evaluate(() => {
      const message = document.getElementById('message') as HTMLElement
      message.textContent = ''
    })
    const after = await page.locator('main').boundingBox()
    expect(after?.y).toBe(before?.y)
    await page.screenshot({ path: join(screenshotDir, 'dashboard-finished.png') })
  })

  it('raised no page error', () => {
    expect(pageErrors).toEqual([])
  })
})
