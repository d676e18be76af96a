// The texts `restapi-mock init` writes into a user's project: the README's recipes, word for
// word (test/docs/recipes.test.ts holds the README to them), so what a user pastes and what
// init writes are one thing.

/** The development-only start, put after the imports of the app's entry module. */
export const browserStart = `// Development only: the mock answers /RestApi in the page (restapi-mock). A production build
// drops this branch, and with it every byte of the mock.
if (import.meta.env.DEV) {
  const { startWorker } = await import('restapi-mock/browser')
  await startWorker()
}
`

/** `.storybook/restapi-mock.ts`: the mock's part of the preview, for one Storybook framework. */
export function storybookModule(framework: string): string {
  return `import type { Preview } from '${framework}'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import {
  applyMockParameters,
  createHandlers,
  createMock,
  createStore,
  type MockParameters,
} from 'restapi-mock/handlers'

// A story's \`parameters.restapiMock\` is typed: a wrong scenario type or an unknown fixture field
// fails to compile, in every story and in the \`beforeEach\` below.
declare module '${framework}' {
  interface Parameters {
    restapiMock?: MockParameters
  }
}

// The mock's handlers are the worker's initial handlers, so they survive the resetHandlers()
// the addon's loader runs before each story, and a story's \`parameters.msw\` handlers only go in
// front of them. We start the worker ourselves: the addon's default setup passes msw 2's
// \`onUnhandledRequest\`, which msw 3 does not read (its option is \`onUnhandledFrame\`).
const mock = createMock({ store: createStore({ seed: 1 }) })
const worker = setupWorker(...createHandlers(mock))

/** The mock's part of the preview: spread it into yours (\`...restapiMock\`). */
export const restapiMock = {
  loaders: [mswLoader(() => worker.start({ onUnhandledFrame: 'bypass' }).then(() => worker))],
  // Every story starts from the seeded state (no fault rules, no latency), whatever came before,
  // then goes into its own scenario and fixtures, if it names any.
  beforeEach: ({ parameters }) => applyMockParameters(mock, parameters.restapiMock),
} satisfies Preview
`
}

/** `.storybook/preview.ts` when the project has none. */
export function storybookPreview(framework: string): string {
  return `import type { Preview } from '${framework}'
import { restapiMock } from './restapi-mock'

const preview: Preview = {
  ...restapiMock,
}

export default preview
`
}

/** The line that makes a Storybook serve msw's worker script. */
export function storybookStaticDirs(workerDirectory: string): string {
  return `staticDirs: ['../${workerDirectory}'],`
}

/** Where the suite's mock listens, in the Playwright recipe. */
export const playwrightMockPort = 4000

/** The `webServer` entries of the Playwright recipe: the mock, then the app's dev server. */
export function playwrightWebServer(devServer: { command: string; url: string } | null): string {
  const mock = `    {
      command: 'node_modules/.bin/restapi-mock --port ${playwrightMockPort} --quiet',
      url: 'http://127.0.0.1:${playwrightMockPort}/__mock/settings',
      reuseExistingServer: !process.env.CI,
    },
`
  const app = devServer
    ? `    {
      command: '${devServer.command}',
      url: '${devServer.url}',
      reuseExistingServer: !process.env.CI,
    },
`
    : ''
  return `  webServer: [
${mock}${app}  ],
`
}

/** The Playwright session fixture: each test in its own session of the one running mock. */
export const playwrightFixture = `import { test as base, type BrowserContext } from '@playwright/test'

/** Where the suite's \`restapi-mock\` listens (playwright.config.ts starts it). */
export const mockUrl = 'http://127.0.0.1:${playwrightMockPort}'

/** The control plane of one session: what the test says the mock holds, and what it holds. */
export interface MockSession {
  readonly id: string
  /** Partial entities, completed from the seed (\`POST /__mock/fixtures\`). */
  fixtures(fixtures: Record<string, unknown[]>): Promise<void>
  /** Every entity of the session, in its JSON wire form (\`GET /__mock/state\`). */
  state(): Promise<Record<string, Record<string, unknown>[]>>
  /**
   * Logs in behind the CMS's login wall (\`POST /__mock/login\`; \`Mode\` puts the wall up for
   * this session only): the browser gets the login's cookie.
   */
  login(options?: {
    Mode?: 'claims' | 'forms'
    Role?: 'BackendUser' | 'Administrator' | 'User'
  }): Promise<void>
  /** Logs out (\`DELETE /__mock/login\`): the cookie the browser keeps is a session that expired. */
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
      throw new Error(\`\${method} \${path}: \${response.status} \${await response.text()}\`)
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

/** \`test\` with each test in its own session of the one running mock, dropped after it. */
export const test = base.extend<{ mock: MockSession }>({
  mock: [
    async ({ context, baseURL }, use, testInfo) => {
      // A session id is 1 to 64 of A-Z a-z 0-9 . _ -
      const id = \`pw-\${testInfo.workerIndex}-\${testInfo.testId}\`
        .replace(/[^\\w.-]/g, '-')
        .slice(0, 64)
      await useSession(context, id)
      await use(mockSession(id, context, baseURL))
      await fetch(\`\${mockUrl}/__mock/sessions/\${id}\`, { method: 'DELETE' })
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
`

/** The Playwright recipe's "session expired" test (examples/playwright/session-expired.spec.ts). */
export const playwrightSessionExpired = `import { expect, test } from './mock-session.ts'

// The CMS's login wall in Forms mode, for this test's session only: the app's "session
// expired" path, as a logged-in user whose login runs out between two requests.
test('a session that expires sends the user to sign in again', async ({ page, mock }) => {
  await mock.login({ Mode: 'forms' })
  const key = String((await mock.state()).Comments?.[0]?.Key)
  await page.goto('/')
  await page.locator('#key').fill(key)
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#status')).toHaveText('200')
  await mock.logout()
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
    'href',
    '/Sitefinity/Login/Ajax',
  )
})
`
