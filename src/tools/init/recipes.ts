// The texts `restapi-mock init` writes into a user's project: the README's recipes, word for
// word (test/docs/recipes.test.ts holds the README to them), so what a user pastes and what
// init writes are one thing.

/** The development-only start, put after the imports of the app's entry module. */
export const browserStart = `// Development only: the mock answers /RestApi in the page (restapi-mock), unless
// VITE_RESTAPI_MOCK names another home ('server': the CLI behind the dev server's proxy; 'off').
// A production build drops this branch, and with it every byte of the mock.
if (import.meta.env.DEV && (import.meta.env.VITE_RESTAPI_MOCK ?? 'worker') === 'worker') {
  try {
    const { startWorker } = await import('restapi-mock/browser')
    await startWorker()
  } catch (error) {
    // The app renders without the mock, and its requests go to the network.
    console.warn('restapi-mock did not start:', error instanceof Error ? error.message : error)
  }
}
`

/** The import of the Vite plugin, put under vite.config's imports. */
export const vitePluginImport = "import { restapiMock } from 'restapi-mock/vite'"

/** The development settings in package.json's `"config"`: one place for every reader. */
export function devConfig(settings: { home: string; mockPort: number; appPort: number }): {
  mockHome: string
  mockPort: number
  appPort: number
} {
  return { mockHome: settings.home, mockPort: settings.mockPort, appPort: settings.appPort }
}

/** Vitest's setup file: the README's Vitest recipe. */
export const vitestSetup = `import { setupServer } from 'msw/node'
import { createHandlers, createMock, createStore } from 'restapi-mock/handlers'
import { afterAll, afterEach, beforeAll } from 'vitest'

const mock = createMock({ store: createStore() })
const server = setupServer(...createHandlers(mock, { onMiss: 'error' }))
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  server.resetHandlers()
  mock.reset()
})
afterAll(() => server.close())
`

/**
 * vitest.config.ts when the project has none: Vite's config, and the setup file; Playwright's
 * tests (its testDir) left to Playwright.
 */
export function vitestConfig(
  viteConfig: string | null,
  setupFile: string,
  playwrightDir: string | null = null,
): string {
  const exclude = playwrightDir
    ? `, exclude: [...configDefaults.exclude, '${playwrightDir.replace(/^\.\//, '')}/**']`
    : ''
  const names = `${playwrightDir ? 'configDefaults, ' : ''}defineConfig${viteConfig ? ', mergeConfig' : ''}`
  const test = `defineConfig({ test: { setupFiles: ['./${setupFile}']${exclude} } })`
  if (!viteConfig)
    return `import { ${names} } from 'vitest/config'

export default ${test}
`
  return `import { ${names} } from 'vitest/config'
import viteConfig from './${viteConfig.replace(/\.[cm]?[jt]s$/, '')}'

export default mergeConfig(viteConfig, ${test})
`
}

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

/** The import playwright.config gets: the suite's servers and the app's URL, from package.json. */
export const playwrightImport =
  "import { mockSettings, mockWebServer } from 'restapi-mock/playwright'"

/** The line of playwright.config's `use`: the app's dev server, as package.json's config says. */
export const playwrightBaseUrl = 'baseURL: mockSettings().appUrl,'

/** The `webServer` line of playwright.config: the app's dev server, and the CLI in the server home. */
export const playwrightWebServer = 'webServer: mockWebServer(),'

/** playwright.config.ts in the README: what init's lines make of create-playwright's config. */
export const playwrightConfig = `import { defineConfig } from '@playwright/test'
${playwrightImport}

export default defineConfig({
  ${playwrightWebServer}
  use: {
    ${playwrightBaseUrl}
  },
})
`

/** A first test with the shipped fixture: the mock answers the page, whichever home it is. */
export const playwrightSpec = `import { expect, test } from 'restapi-mock/playwright'

// Each test has its own mock state: the CLI's session in the server home, the page's own mock
// in the worker home. mock.fixtures says what it holds; the page reads it.
test('the mock answers the app', async ({ page, mock }) => {
  await mock.fixtures({ Comments: [{ Key: 'e2e-1', Message: 'Set by the test' }] })
  await page.goto('/')
  const { Comments } = await mock.state()
  expect(Comments?.find((comment) => comment.Key === 'e2e-1')?.Message).toBe('Set by the test')
})
`

/** The Playwright recipe's "session expired" test (examples/playwright/session-expired.spec.ts). */
export const playwrightSessionExpired = `import { expect, test } from 'restapi-mock/playwright'

// The CMS's login wall in Forms mode, for this test's session only: the app's "session
// expired" path, as a logged-in user whose login runs out between two requests.
test('a session that expires sends the user to sign in again', async ({ page, mock }) => {
  await page.goto('/')
  await mock.login({ Mode: 'forms' })
  const key = String((await mock.state()).Comments?.[0]?.Key)
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
