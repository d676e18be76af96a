import { test as base, type BrowserContext, type Page } from '@playwright/test'
import { readDevSettings, type MockHome } from '../dev/dev-settings.ts'
import type { LoginRole } from '../../wire/login-state.ts'
import { pageControl, type ControlCall } from './page-control.ts'

/** The control plane of one test: what the test says the mock holds, and what it holds. */
export interface MockSession {
  /** The session the test's requests name (the server home); the page's own in the worker home. */
  readonly id: string
  /** Which mock it drives: the CLI behind the dev server's proxy, or the page's worker. */
  readonly home: MockHome
  /** Partial entities, completed from the seed (`POST /__mock/fixtures`). */
  fixtures(fixtures: Record<string, unknown[]>): Promise<void>
  /** Every entity the mock holds for the page, in its JSON wire form (`GET /__mock/state`). */
  state(): Promise<Record<string, Record<string, unknown>[]>>
  /**
   * Logs in behind the CMS's login wall (`POST /__mock/login`; `Mode` puts the wall up for
   * this test only): the browser gets the login's cookie.
   */
  login(options?: { Mode?: 'claims' | 'forms'; Role?: LoginRole }): Promise<void>
  /** Logs out (`DELETE /__mock/login`): the cookie the browser keeps is a session that expired. */
  logout(): Promise<void>
  /** Back to the seeded state (`POST /__mock/reset`). */
  reset(): Promise<void>
}

interface SessionOptions {
  readonly id: string
  readonly home: MockHome
  readonly context: BrowserContext
  readonly page: Page
  readonly baseURL: string
}

/** A test's control plane: over HTTP through the app's origin, or through the page. */
async function mockSession(options: SessionOptions): Promise<MockSession> {
  const { id, home, context, baseURL } = options
  const call =
    home === 'server'
      ? serverCall(id, baseURL)
      : await pageControl({ context, page: options.page, baseURL })
  const json = async (path: string, method = 'GET', body?: unknown): Promise<never> =>
    JSON.parse(await call({ method, path, body })) as never
  return {
    id,
    home,
    fixtures: async (fixtures) =>
      void (await call({ method: 'POST', path: '/__mock/fixtures', body: fixtures })),
    state: () => json('/__mock/state'),
    reset: async () => void (await call({ method: 'POST', path: '/__mock/reset' })),
    login: async (login = {}) => {
      const { Token } = (await json('/__mock/login', 'POST', login)) as { Token: string }
      await context.addCookies([{ name: 'restapi-mock-login', value: Token, url: baseURL }])
    },
    logout: async () => void (await call({ method: 'DELETE', path: '/__mock/login' })),
  }
}

/** The server home: the CLI, through the dev server's proxy, in the test's own session. */
function serverCall(id: string, baseURL: string): (call: ControlCall) => Promise<string> {
  return async ({ method, path, body }) => {
    const response = await fetch(new URL(path, baseURL), {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': id },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`restapi-mock: ${method} ${path}: ${response.status} ${text}`)
    return text
  }
}

/**
 * `test` with a `mock` for each test, in a session of its own: of the CLI in the server home
 * (its `X-Mock-Session` on every request of the test's browser context, dropped after the
 * test), or the page's own mock in the worker home (each test's browser context has its own).
 * The home is package.json's `config.mockHome` or `VITE_RESTAPI_MOCK`, as for the dev server.
 * @example test('shows spam', async ({ page, mock }) => { await mock.fixtures({ Comments: [...] }) })
 */
export const test = base.extend<{ mock: MockSession }>({
  mock: [
    async ({ context, page, baseURL }, use, testInfo) => {
      if (!baseURL)
        throw new Error(
          "restapi-mock: set use.baseURL in playwright.config.ts (the app's dev server): the mock is reached through the app's origin",
        )
      const { home } = readDevSettings(process.cwd())
      // A session id is 1 to 64 of A-Z a-z 0-9 . _ -
      const id = `pw-${testInfo.workerIndex}-${testInfo.testId}`
        .replace(/[^\w.-]/g, '-')
        .slice(0, 64)
      if (home === 'server') await context.setExtraHTTPHeaders({ 'X-Mock-Session': id })
      await use(await mockSession({ id, home, context, page, baseURL }))
      if (home === 'server')
        await fetch(new URL(`/__mock/sessions/${id}`, baseURL), { method: 'DELETE' }).catch(
          () => {},
        )
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
