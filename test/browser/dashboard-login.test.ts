import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, createStore, type RunningServer } from '../../src/index.ts'
import { loginCookie } from '../../src/wire/index.ts'
import { commentKey } from '../support/index.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// Issue 31, point 3, with the login wall of issue 30 (N8, docs/decisions.md section 18): behind
// `--auth`, the dashboard's sessions table shows each state logged in or not, and logs it in
// (`POST /__mock/login`) or out (`DELETE /__mock/login`) in the state the row names
// (src/tools/dashboard/login-cells.ts; the routes: src/mock/routes/login-routes.ts).

const poll = { timeout: 10_000, interval: 100 }
const store = createStore({ seed: 1 })
const key = commentKey(store)

let server: RunningServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  server = await createServer({ port: 0, log: false, store, auth: 'claims' })
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(`${server.url}/__mock`)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Updates the seeded comment (a walled operation) in a session, with these headers. */
async function updateComment(session: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Mock-Session': session,
      ...headers,
    },
    body: JSON.stringify({ Key: key, Message: 'walled' }),
  })
  await response.arrayBuffer()
  return response.status
}

async function loggedIn(session: string | null): Promise<boolean> {
  const query = session === null ? '' : `?__session=${session}`
  const status = (await (await fetch(`${server.url}/__mock/login${query}`)).json()) as {
    LoggedIn: boolean
  }
  return status.LoggedIn
}

const state = (id: string) =>
  page.locator(`[data-session="${id}"] [data-testid="login-state"]`).textContent()
const toggle = (id: string) =>
  page.locator(`[data-session="${id}"] [data-testid="login-toggle"]`).click()

describe('the dashboard behind the login wall', () => {
  it("shows the wall's mode and each state's login", async () => {
    for (const id of ['alpha', 'beta']) expect(await updateComment(id)).toBe(500)
    await expect.poll(() => page.locator('#login-head').isVisible(), poll).toBe(true)
    expect(await page.getByTestId('login-mode').textContent()).toBe('login wall: claims')
    await expect.poll(() => state('alpha'), poll).toBe('anonymous')
    expect(await state('beta')).toBe('anonymous')
    expect(await page.getByTestId('shared-row').getByTestId('login-state').textContent()).toBe(
      'anonymous',
    )
  })

  it("logs one session in from its row: the browser gets that session's credential", async () => {
    await toggle('alpha')
    await expect.poll(() => state('alpha'), poll).toBe('logged in')
    expect(await loggedIn('alpha')).toBe(true)
    expect(await loggedIn('beta')).toBe(false)
    expect(await loggedIn(null)).toBe(false)
    expect(await state('beta')).toBe('anonymous')
    const cookie = (await page.context().cookies()).find((c) => c.name === loginCookie)
    expect(cookie?.value).toMatch(/^[0-9a-f]{32}$/)
    const credential = { Cookie: `${loginCookie}=${cookie?.value}` }
    expect(await updateComment('alpha', credential)).toBe(200)
    expect(await updateComment('alpha')).toBe(500)
    await page.screenshot({
      path: join(screenshotDir, 'dashboard-login-wall.png'),
      fullPage: true,
    })
  })

  it('logs it out from its row: a client still sending the credential is refused', async () => {
    const cookie = (await page.context().cookies()).find((c) => c.name === loginCookie)
    await toggle('alpha')
    await expect.poll(() => state('alpha'), poll).toBe('anonymous')
    expect(await loggedIn('alpha')).toBe(false)
    expect(await updateComment('alpha', { Cookie: `${loginCookie}=${cookie?.value}` })).toBe(500)
    expect(await page.locator('#message').textContent()).toBe('Logged out session alpha')
    expect(pageErrors).toEqual([])
  })
})
