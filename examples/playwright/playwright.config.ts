import { defineConfig } from '@playwright/test'

// The Playwright recipe of the README: one `restapi-mock` for the whole suite, a dev server for
// the app that proxies the API to it (as Vite's `server.proxy` does), and each test in its own
// session (mock-session.ts). Debian's Chromium; Playwright never downloads a browser here.
const mockPort = Number(process.env.MOCK_PORT ?? 4010)
const appPort = Number(process.env.APP_PORT ?? 4011)

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 30_000,
  reporter: 'line',
  outputDir: '../../test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // In your project: `npx restapi-mock --port 4010 --no-log`.
      command: `"${process.execPath}" ../../src/tools/cli/start.ts --port ${mockPort} --no-log`,
      url: `http://127.0.0.1:${mockPort}/__mock/settings`,
      reuseExistingServer: false,
    },
    {
      command: `"${process.execPath}" app/serve-app.ts`,
      url: `http://127.0.0.1:${appPort}/`,
      env: { APP_PORT: String(appPort), MOCK_PORT: String(mockPort) },
      reuseExistingServer: false,
    },
  ],
})
