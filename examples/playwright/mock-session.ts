import { test as base, type BrowserContext } from '@playwright/test'

/** Where the suite's `restapi-mock` listens (playwright.config.ts starts it). */
export const mockUrl = `http://127.0.0.1:${process.env.MOCK_PORT ?? 4000}`

/** The control plane of one session: what the test says the mock holds, and what it holds. */
export interface MockSession {
  readonly id: string
  /** Partial entities, completed from the seed (`POST /__mock/fixtures`). */
  fixtures(fixtures: Record<string, unknown[]>): Promise<void>
  /** Every entity of the session, in its JSON wire form (`GET /__mock/state`). */
  state(): Promise<Record<string, Record<string, unknown>[]>>
  /**
   * Logs in behind the CMS's login wall (`POST /__mock/login`; `Mode` puts the wall up for
   * this session only): the browser gets the login's cookie.
   */
  login(options?: {
    Mode?: 'claims' | 'forms'
    Role?: 'BackendUser' | 'Administrator' | 'User'
  }): Promise<void>
  /** Logs out (`DELETE /__mock/login`): the cookie the browser keeps is a session that expired. */
  logout(): Promise<void>
}

/** A session's control plane, for a test that drives more than one session. */
export function mockSession(id: string, context?: BrowserContext, appUrl = mockUrl): MockSession {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(mockUrl + path, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Mock-Session': id },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response
  }
  return {
    id,
    fixtures: async (fixtures) => void (await call('POST', '/__mock/fixtures', fixtures)),
    state: async () => (await (await call('GET', '/__mock/state')).json()) as never,
    login: async (options = {}) => {
      const { Token } = (await (await call('POST', '/__mock/login', options)).json()) as {
        Token: string
      }
      await context?.addCookies([{ name: 'restapi-mock-login', value: Token, url: appUrl }])
    },
    logout: async () => void (await call('DELETE', '/__mock/login')),
  }
}

/** Every request of the context names the session: the app's own fetches need no change. */
export async function useSession(context: BrowserContext, id: string): Promise<void> {
  await context.setExtraHTTPHeaders({ 'X-Mock-Session': id })
}

/** `test` with each test in its own session of the one running mock, dropped after it. */
export const test = base.extend<{ mock: MockSession }>({
  mock: [
    async ({ context, baseURL }, use, testInfo) => {
      // A session id is 1 to 64 of A-Z a-z 0-9 . _ -
      const id = `pw-${testInfo.workerIndex}-${testInfo.testId}`
        .replace(/[^\w.-]/g, '-')
        .slice(0, 64)
      await useSession(context, id)
      await use(mockSession(id, context, baseURL))
      await fetch(`${mockUrl}/__mock/sessions/${id}`, { method: 'DELETE' })
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
