import { readDevSettings, type DevSettings } from '../dev/dev-settings.ts'

/** One entry of Playwright's `webServer`. */
export interface WebServerEntry {
  readonly command: string
  readonly url: string
  readonly reuseExistingServer: boolean
  readonly env?: Record<string, string>
}

/**
 * The project's settings (package.json's `"config"`, see `readDevSettings`), for
 * playwright.config.ts: `use.baseURL` is `appUrl`.
 * @example export default defineConfig({ use: { baseURL: mockSettings().appUrl } })
 */
export function mockSettings(from = process.cwd()): DevSettings {
  return readDevSettings(from)
}

/**
 * Playwright's `webServer` for the suite: the app's dev server (`npm run dev`, told the home),
 * and in the server home the CLI before it, through `node_modules/.bin` (which starts at once
 * and stops on Playwright's signal; `npx` does neither).
 * @example export default defineConfig({ webServer: mockWebServer() })
 */
export function mockWebServer(settings: DevSettings = mockSettings()): WebServerEntry[] {
  const reuseExistingServer = !process.env.CI
  const app: WebServerEntry = {
    command: 'npm run dev',
    url: settings.appUrl,
    reuseExistingServer,
    env: { VITE_RESTAPI_MOCK: settings.home },
  }
  if (settings.home !== 'server') return [app]
  const cli: WebServerEntry = {
    command: `node_modules/.bin/restapi-mock --port ${settings.mockPort} --quiet`,
    url: `${settings.mockUrl}/__mock/settings`,
    reuseExistingServer,
  }
  return [cli, app]
}
