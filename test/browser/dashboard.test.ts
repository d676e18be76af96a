import { join } from 'node:path'
import { statSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer, type Store } from '../../src/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// One server, one browser and one page for the whole file: the steps build on each other the
// way a person uses the dashboard (look, change things elsewhere, reset, snapshot).

const store: Store = createStore({ seed: 1 })
const seeded = {
  ABTests: store.state.abTests.size,
  Services: store.state.services.size,
  Containers: store.state.containers.size,
  Comments: store.state.comments.size,
}
const firstComment = Array.from(store.state.comments.values())[0]
const commentKey = firstComment?.Key ?? ''
const seededName = firstComment?.Name ?? ''
// Markup a careless page would run: it must show up as text, and `window.pwned` stay unset.
const hostileName = '<img src=x onerror="window.pwned=true">Renamed by the browser test'
const addedRoute = '/api/browser-test'
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
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

function text(testId: string): Promise<string | null> {
  return page.getByTestId(testId).first().textContent()
}

function tableText(collection: string): Promise<string | null> {
  return page.getByTestId(`table-${collection}`).textContent()
}

function rowCount(collection: string): Promise<number> {
  return page.locator(`[data-testid="table-${collection}"] tbody tr`).count()
}

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function journalRows(): Promise<string[]> {
  return page.getByTestId('journal-row').allTextContents()
}

describe('the dashboard in Chromium', () => {
  it('shows the seeded counts, settings and a table per collection', async () => {
    expect(seeded.Comments).toBeGreaterThan(0)
    for (const [name, count] of Object.entries(seeded)) {
      await expect.poll(() => text(`count-${name}`), poll).toBe(String(count))
      expect(await rowCount(name), name).toBe(count)
    }
    expect(await text('seed')).toBe('1')
    expect(await text('default-format')).toBe('html')
    expect(await text('strict')).toBe('off')
    expect(await text('latency')).toBe('none')
    expect(await text('base-path')).toBe('/RestApi')
    expect(await tableText('Comments')).toContain(commentKey)
    expect(await tableText('Comments')).toContain(seededName)
    expect(await page.getByTestId('faults').textContent()).toContain('No fault rules.')
    expect(await page.getByTestId('snapshots').textContent()).toContain('No snapshots yet.')
    expect(await journalRows()).toEqual([])
  })

  it('formats /Date(ms)/ as a readable UTC date', async () => {
    const cells = await page
      .locator('[data-testid="table-Comments"] tbody tr td:nth-child(6)')
      .allTextContents()
    expect(cells).toHaveLength(seeded.Comments)
    for (const cell of cells) expect(cell).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
    // innerText: what a person sees, not the script's source.
    expect(await page.locator('main').innerText()).not.toContain('/Date(')
  })

  it('follows changes made through the API: counts, tables and the journal', async () => {
    const update = await api('PUT', '/RestApi/comments-api/comments', {
      Key: commentKey,
      Name: hostileName,
    })
    expect(update.status).toBe(200)
    const create = await api('POST', '/RestApi/apiservice/createService', {
      Route: addedRoute,
      Name: 'Browser test',
    })
    expect(create.status).toBe(200)

    await expect.poll(() => text('count-Services'), poll).toBe(String(seeded.Services + 1))
    await expect.poll(() => tableText('Services'), poll).toContain(addedRoute)
    await expect.poll(() => tableText('Comments'), poll).toContain(hostileName)
    await expect.poll(journalRows, poll).toHaveLength(2)
    const [newest, older] = await journalRows()
    expect(newest).toContain('POST')
    expect(newest).toContain('/RestApi/apiservice/createService')
    expect(newest).toContain('200')
    expect(older).toContain('PUT')
    expect(older).toContain('/RestApi/comments-api/comments')
  })

  it('shows hostile data as text and never runs it', async () => {
    expect(await page.locator('[data-testid="table-Comments"] img').count()).toBe(0)
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined()
  })

  it('opens a journal row to show its request and response bodies', async () => {
    await page.getByTestId('journal-row').nth(1).click()
    const detail = page.locator('[data-testid="journal"] tr.detail')
    await expect.poll(() => detail.count(), poll).toBe(1)
    // The bodies as sent and answered, JSON quotes and all.
    expect(await detail.textContent()).toContain('"Name":"<img src=x onerror=\\"window.pwned')
    expect(await detail.textContent()).toContain('Renamed by the browser test"')
    expect(await detail.locator('img').count()).toBe(0)
  })

  it('resets to the seed with the Reset button', async () => {
    await page.getByTestId('reset').click()
    await expect.poll(() => text('count-Services'), poll).toBe(String(seeded.Services))
    await expect.poll(() => tableText('Services'), poll).not.toContain(addedRoute)
    expect(await tableText('Comments')).not.toContain(hostileName)
    expect(await tableText('Comments')).toContain(seededName)
    expect(store.state.services.size).toBe(seeded.Services)
    expect(await page.locator('#message').textContent()).toBe('Reset to seed 1')
  })

  it('saves a snapshot, lists it, restores it and deletes it', async () => {
    const name = 'before <b>edit</b>'
    await page.getByTestId('snapshot-name').fill(name)
    await page.getByTestId('save-snapshot').click()
    const entry = page.getByTestId('snapshot')
    await expect.poll(() => entry.count(), poll).toBe(1)
    expect(await entry.getAttribute('data-name')).toBe(name)
    expect(await entry.textContent()).toContain(name)
    expect(server.mock.snapshots.has(name)).toBe(true)

    expect(
      (await api('POST', '/RestApi/apiservice/createService', { Route: addedRoute })).status,
    ).toBe(200)
    await expect.poll(() => text('count-Services'), poll).toBe(String(seeded.Services + 1))
    await entry.getByTestId('restore').click()
    await expect.poll(() => text('count-Services'), poll).toBe(String(seeded.Services))
    expect(await tableText('Services')).not.toContain(addedRoute)

    await entry.getByTestId('delete').click()
    await expect
      .poll(() => page.getByTestId('snapshots').textContent(), poll)
      .toBe('No snapshots yet.')
    expect(server.mock.snapshots.size).toBe(0)
  })

  it('resets with a chosen seed', async () => {
    await page.getByTestId('seed-input').fill('2')
    await page.getByTestId('reset-seed').click()
    await expect.poll(() => text('seed'), poll).toBe('2')
    expect(store.seed).toBe(2)
    const other = createStore({ seed: 2 })
    const otherKey = Array.from(other.state.comments.values())[0]?.Key ?? ''
    await expect.poll(() => tableText('Comments'), poll).toContain(otherKey)
    expect(await text('count-Comments')).toBe(String(other.state.comments.size))
  })

  it('sets and clears the latency', async () => {
    await page.getByTestId('latency-input').fill('100-600')
    await page.getByTestId('set-latency').click()
    await expect.poll(() => text('latency'), poll).toBe('100–600 ms')
    expect(server.mock.control.latency).toEqual({ min: 100, max: 600 })
    await page.getByTestId('latency-none').click()
    await expect.poll(() => text('latency'), poll).toBe('none')
    expect(server.mock.control.latency).toBeNull()
    await page.getByTestId('latency-input').fill('25')
    await page.getByTestId('set-latency').click()
    await expect.poll(() => text('latency'), poll).toBe('25 ms')
  })

  it('shows a refused setting as an error message', async () => {
    await page.getByTestId('latency-input').fill('600-100')
    await page.getByTestId('set-latency').click()
    await expect
      .poll(() => page.locator('#message.error').textContent(), poll)
      .toMatch(/^Failed to set the latency/)
    expect(await text('latency')).toBe('25 ms')
  })

  it('lists fault rules and clears them', async () => {
    const rule = { method: 'PUT', path: '/RestApi/comments-api/*', status: 503, count: 5 }
    expect((await api('POST', '/__mock/faults', rule)).status).toBe(201)
    await expect.poll(() => page.getByTestId('fault').count(), poll).toBe(1)
    expect(await page.getByTestId('fault').textContent()).toContain(
      'PUT /RestApi/comments-api/*: answers 503 (5 left)',
    )
    await page.getByTestId('clear-faults').click()
    await expect.poll(() => page.getByTestId('faults').textContent(), poll).toBe('No fault rules.')
    expect(server.mock.control.faults.list()).toEqual([])
  })

  it('clears the journal', async () => {
    await expect.poll(journalRows, poll).not.toHaveLength(0)
    await page.getByTestId('clear-journal').click()
    await expect.poll(journalRows, poll).toEqual([])
    expect(server.mock.control.journal.entries()).toEqual([])
  })

  it('links to the HAR download of the journal', async () => {
    const href = await page.getByTestId('har').getAttribute('href')
    expect(href).toBe('/__mock/journal.har')
    const response = await fetch(new URL(href ?? '', server.url))
    expect(response.status).toBe(200)
    expect(((await response.json()) as { log: { entries: unknown[] } }).log.entries).toEqual([])
  })

  it('shows faults and errors in the journal, and a screenshot of it all', async () => {
    const rule = { method: 'PUT', path: '/RestApi/comments-api/*', status: 503, count: 1 }
    expect((await api('POST', '/__mock/faults', rule)).status).toBe(201)
    expect(
      (await api('POST', '/__mock/faults', { path: '/RestApi/ab-testing*', delay: 10 })).status,
    ).toBe(201)
    const key = Array.from(store.state.comments.values())[1]?.Key
    expect(
      (await api('PUT', '/RestApi/comments-api/comments', { Key: key, Rating: 4 })).status,
    ).toBe(503)
    expect((await api('PUT', '/RestApi/comments-api/comments', { Key: 'nope' })).status).toBe(404)
    const inSession = await fetch(server.url + '/RestApi/apiservice/createService', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': 'test-7' },
      body: JSON.stringify({ Route: addedRoute }),
    })
    expect(inSession.status).toBe(200)
    server.mock.control.notices.add('info', 'Reloaded db.json: 2 Comments')
    server.mock.control.notices.add('error', 'Kept the running state: db.json: Comments[0].Rating')
    await page.getByTestId('snapshot-name').fill('with the browser-test service')
    await page.getByTestId('save-snapshot').click()

    await expect.poll(journalRows, poll).toHaveLength(3)
    const [created, missing, faulted] = await journalRows()
    expect(created).toContain('200')
    expect(created).toContain('test-7')
    expect(missing).not.toContain('test-7')
    await expect
      .poll(() => page.getByTestId('notice').allTextContents(), poll)
      .toEqual([
        expect.stringContaining('Kept the running state: db.json: Comments[0].Rating'),
        expect.stringContaining('Reloaded db.json: 2 Comments'),
      ])
    expect(missing).toContain('404')
    expect(faulted).toContain('503')
    expect(faulted).toMatch(/code=503|rule/)
    await expect.poll(() => page.getByTestId('snapshot').count(), poll).toBe(1)
    await expect.poll(() => page.getByTestId('fault').count(), poll).toBe(1)

    const path = join(screenshotDir, 'dashboard.png')
    await page.screenshot({ path, fullPage: true })
    expect(statSync(path).size).toBeGreaterThan(10_000)
    expect(pageErrors).toEqual([])
  })
})

describe("the dashboard's icon, in Chromium", () => {
  // Issue 26, point 15: a page without an icon makes Chromium ask for /favicon.ico, a 404 that
  // shows as a console error. The server's own log sees every request the browser makes.
  it('declares its icon: no request for /favicon.ico and no console error', async () => {
    const lines: string[] = []
    const own = await createServer({ port: 0, log: (line) => lines.push(line) })
    const context = await browser.newContext()
    try {
      const fresh = await context.newPage()
      const consoleErrors: string[] = []
      fresh.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text())
      })
      await fresh.goto(`${own.url}/__mock`, { waitUntil: 'networkidle' })
      await expect.poll(() => fresh.getByTestId('count-Comments').textContent(), poll).not.toBe('')
      expect(lines.some((line) => line.includes('/__mock'))).toBe(true)
      expect(lines.filter((line) => line.includes('favicon'))).toEqual([])
      expect(consoleErrors).toEqual([])
    } finally {
      await context.close()
      await own.close()
    }
  })
})
