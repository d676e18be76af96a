import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionsDocument } from '../../src/control/control-documents.ts'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { readUpstream, type Upstream } from '../../src/tools/cli/cli-upstream.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { fakeRecording } from '../support/fake-recording.ts'
import { commentKey, makeTempDir, removeTempDir } from '../support/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// Issue 31, point 3: the dashboard shows the sessions (id, created, last used, requests) with
// delete and a scenario switcher each, and the proxy, record and replay status. One server
// started as the CLI starts it (readUpstream: --proxy, --record, --replay), one page; the steps
// build on each other (src/tools/dashboard/sessions-view.ts, upstream-view.ts).

const poll = { timeout: 10_000, interval: 100 }
const store = createStore({ seed: 1 })
const key = commentKey(store)
const recording = fakeRecording(1)

let upstream: EchoUpstream
let wiring: Upstream
let server: RunningServer
let browser: Browser
let page: Page
let recordFile: string
let replayFile: string
let dir: string
const pageErrors: string[] = []

beforeAll(async () => {
  upstream = await startEchoUpstream()
  dir = makeTempDir()
  recordFile = join(dir, 'recorded.har')
  replayFile = join(dir, 'replayed.har')
  writeFileSync(replayFile, JSON.stringify(recording))
  wiring = readUpstream({ proxy: upstream.url, record: recordFile, replay: [replayFile] }, (m) => {
    throw new Error(m)
  })
  const { proxy, fallbacks } = wiring
  server = await createServer({ port: 0, log: false, store, fallbacks, ...(proxy && { proxy }) })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`${server.url}/__mock`)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await upstream?.close()
  if (dir) removeTempDir(dir)
})

/** Updates the seeded comment in a session (or the shared state): 200, or 404 where it is gone. */
async function updateComment(session: string | null): Promise<number> {
  const response = await fetch(`${server.url}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(session === null ? {} : { 'X-Mock-Session': session }),
    },
    body: JSON.stringify({ Key: key, Message: `from ${session ?? 'shared'}` }),
  })
  await response.arrayBuffer()
  return response.status
}

async function listed(): Promise<SessionsDocument['sessions']> {
  return ((await (await fetch(`${server.url}/__mock/sessions`)).json()) as SessionsDocument)
    .sessions
}

const rowIds = (): Promise<(string | null)[]> =>
  page
    .getByTestId('session-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session')))
const row = (id: string) => page.locator(`[data-testid="session-row"][data-session="${id}"]`)
const shot = (name: string) =>
  page.screenshot({ path: join(screenshotDir, `dashboard-${name}.png`), fullPage: true })

describe('the dashboard: sessions, scenarios, proxy and recordings', () => {
  it('lists the sessions a test makes, with when they were made and used and their requests', async () => {
    expect(await updateComment('alpha')).toBe(200)
    expect(await updateComment('alpha')).toBe(200)
    expect(await updateComment('beta')).toBe(200)
    await expect.poll(rowIds, poll).toEqual(['alpha', 'beta'])
    await expect
      .poll(() => row('alpha').getByTestId('session-requests').textContent(), poll)
      .toBe('2')
    expect(await row('beta').getByTestId('session-requests').textContent()).toBe('1')
    const [alpha] = await listed()
    const cells = row('alpha').locator('td')
    expect(await cells.nth(2).getAttribute('title')).toBe(alpha?.createdAt)
    expect(await cells.nth(3).getAttribute('title')).toBe(alpha?.lastUsedAt)
    expect(await cells.nth(2).textContent()).toBe(alpha?.createdAt.slice(11, 19))
    expect(await page.getByTestId('shared-row').textContent()).toContain('shared state')
  })

  it('reads the sessions without using them: polling leaves their counts and last use', async () => {
    const before = await listed()
    const updated = page.getByTestId('connection')
    const first = await updated.textContent()
    // Two more polls of every source, the sessions' scenarios and logins among them.
    await expect.poll(() => updated.textContent(), poll).not.toBe(first)
    const second = await updated.textContent()
    await expect.poll(() => updated.textContent(), poll).not.toBe(second)
    expect(await listed()).toEqual(before)
  })

  it('deletes a session with its Delete button, and only that one', async () => {
    await row('beta').getByTestId('delete-session').click()
    await expect.poll(rowIds, poll).toEqual(['alpha'])
    expect((await listed()).map((session) => session.id)).toEqual(['alpha'])
    expect(await page.locator('#message').textContent()).toBe('Deleted session beta')
  })

  it("switches a session's scenario: that session's answers change, no other's", async () => {
    expect(await updateComment('gamma')).toBe(200)
    await expect.poll(rowIds, poll).toEqual(['alpha', 'gamma'])
    await row('alpha').getByTestId('scenario-select').selectOption('empty')
    await expect
      .poll(async () => (await listed()).find((session) => session.id === 'alpha')?.scenario, poll)
      .toBe('empty')
    // The seeded comment is gone in alpha alone.
    expect(await updateComment('alpha')).toBe(404)
    expect(await updateComment('gamma')).toBe(200)
    expect(await updateComment(null)).toBe(200)
    expect(await row('gamma').getByTestId('scenario-select').inputValue()).toBe('default')
    expect(await page.getByTestId('shared-row').getByTestId('scenario-select').inputValue()).toBe(
      'default',
    )
    await expect
      .poll(() => row('alpha').getByTestId('scenario-select').inputValue(), poll)
      .toBe('empty')
    expect(await page.locator('#message').textContent()).toBe(
      'Put session alpha in scenario empty: latency and fault rules kept',
    )
  })

  it('shows the upstream, the record file with its entries, and each replay with its entries', async () => {
    expect(await page.getByTestId('upstream').textContent()).toBe(upstream.url)
    const replay = page.getByTestId('replay-file')
    expect(await replay.textContent()).toBe(`${replayFile} ${recording.log.entries.length} entries`)
    await expect
      .poll(() => page.getByTestId('record-file').textContent(), poll)
      .toBe(`${recordFile} 0 entries`)
    const forwarded = await fetch(`${server.url}/RestApi/not-mocked`)
    expect(forwarded.status).toBe(200)
    await forwarded.arrayBuffer()
    await wiring.recorder?.flush()
    await expect
      .poll(() => page.getByTestId('record-file').textContent(), poll)
      .toBe(`${recordFile} 1 entry`)
    await shot('sessions')
  })

  it('hides the login column while the mock has no login wall', async () => {
    expect(await page.locator('#login-head').isHidden()).toBe(true)
    expect(await page.getByTestId('login-cell').count()).toBeGreaterThan(0)
    for (const cell of await page.getByTestId('login-cell').all()) {
      expect(await cell.isHidden()).toBe(true)
    }
    expect(pageErrors).toEqual([])
  })
})
