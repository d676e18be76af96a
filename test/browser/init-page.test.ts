import { statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumerProject } from '../package/consumer-project.ts'
import { initApp } from '../package/init-app.ts'
import { startCommand, userEnv, type RunningCommand } from '../package/run-command.ts'
import { launchChromium, screenshotDir } from './chromium.ts'

// The app `restapi-mock init --yes` set up (test/package/init.slow.test.ts builds it), served by
// its own Vite dev server and opened in Chromium: the worker init put in place answers the
// page's /RestApi and /__mock calls, and Vite's server never sees them.

let dev: RunningCommand
let appDir = ''
const others: RunningCommand[] = []
let browser: Browser
let page: Page
const pageErrors: string[] = []
const apiResponses: { path: string; status: number; fromServiceWorker: boolean }[] = []
const consoleLines: { type: string; text: string }[] = []
let appUrl = ''

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitForUrl(
  url: string,
  timeoutMs: number,
  command: RunningCommand = dev,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || command.child.exitCode !== null)
      throw new Error(`Failed to start ${url}: ${command.stdout()}${command.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  const app = await initApp(await consumerProject(), 'init-app-browser')
  expect(app.first.code, app.first.stderr).toBe(0)
  appDir = app.dir
  const port = await freePort()
  dev = startCommand(
    join(app.dir, 'node_modules/.bin/vite'),
    ['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: app.dir, env: userEnv() },
  )
  const url = `http://127.0.0.1:${port}/`
  appUrl = url
  await waitForUrl(url, 60_000)
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 900, height: 600 } })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) =>
    consoleLines.push({
      type: message.type(),
      text: `${message.text()} ${message.location().url}`,
    }),
  )
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (/^\/(RestApi|__mock)\//.test(path))
      apiResponses.push({
        path,
        status: response.status(),
        fromServiceWorker: response.fromServiceWorker(),
      })
  })
  await page.goto(url)
  await page.waitForSelector('body[data-done="true"]', { timeout: 60_000 })
  apiResponses.sort((a, b) => a.path.localeCompare(b.path))
}, 600_000)

afterAll(async () => {
  await browser?.close()
  dev?.stop()
  for (const command of others) command.stop()
})

describe('an app set up by restapi-mock init, in Vite dev server and Chromium', () => {
  it('gets its comment update answered by the mock', async () => {
    expect(await page.locator('#status').textContent()).toBe('200')
    const answer = JSON.parse((await page.locator('#answer').textContent()) ?? '') as Record<
      string,
      unknown
    >
    expect(answer).toMatchObject({ Message: 'Edited in the dev server' })
    expect(answer.DateCreated).toMatch(/^\/Date\(\d+\)\/$/)
    expect(pageErrors).toEqual([])
  })

  it('was answered by the service worker, and found no CLI answering too', () => {
    expect(apiResponses).toEqual(
      [
        // The worker's start asks, past itself, whether a CLI answers behind a proxy too; the
        // restapi-mock Vite plugin says none (the worker home proxies nothing).
        { path: '/__mock/settings', status: 204, fromServiceWorker: true },
        { path: '/__mock/state', status: 200, fromServiceWorker: true },
        { path: '/RestApi/comments-api/comments', status: 200, fromServiceWorker: true },
      ].sort((a, b) => a.path.localeCompare(b.path)),
    )
    // The browser's own request for /favicon.ico aside (the app has none).
    expect(
      consoleLines.filter(
        (line) =>
          (line.type === 'warning' || line.type === 'error') && !line.text.endsWith('favicon.ico'),
      ),
    ).toEqual([])
  })

  it('still renders when service workers are blocked, with one warning that names the cause and the fix (F3)', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const blocked = await context.newPage()
    const warnings: string[] = []
    blocked.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    const errors: string[] = []
    blocked.on('pageerror', (error) => errors.push(error.message))
    await blocked.goto(appUrl)
    await blocked.waitForSelector('body[data-rendered="true"]', { timeout: 60_000 })
    // Playwright says it blocked the registration; the app says the rest, once.
    expect(warnings.filter((text) => !text.endsWith('blocked by Playwright'))).toEqual([
      "restapi-mock did not start: the browser refused the service worker (a setting, a private window, or a test runner's serviceWorkers: 'block'), so requests go to the network: allow service workers, or let the CLI answer instead (VITE_RESTAPI_MOCK=server, with npm run mock)",
    ])
    // The app's own code fails on what the network answers (it expects the mock); nothing of
    // the mock's start is thrown.
    expect(errors.filter((message) => /restapi-mock|MSW|service worker/i.test(message))).toEqual([])
    await blocked.screenshot({ path: join(screenshotDir, 'init-app-service-workers-blocked.png') })
    await context.close()
  })

  it('takes a screenshot of the page', async () => {
    const path = join(screenshotDir, 'init-app-dev.png')
    await page.screenshot({ path, fullPage: true })
    expect(statSync(path).size).toBeGreaterThan(5_000)
  })
})

describe('both homes at once: the worker, and a CLI behind a proxy written by hand (F1)', () => {
  it('the page warns once and the CLI prints one line, each naming the setting', async () => {
    const [mockPort, appPort] = [await freePort(), await freePort()]
    const cli = startCommand(
      join(appDir, 'node_modules/.bin/restapi-mock'),
      ['--port', String(mockPort), '--quiet'],
      { cwd: appDir, env: userEnv() },
    )
    others.push(cli)
    await waitForUrl(`http://127.0.0.1:${mockPort}/__mock/settings`, 30_000, cli)
    // The README's CLI recipe pasted by hand beside the worker's start: the proxy without the
    // plugin, so the page's start knows nothing of the CLI.
    const target = `http://127.0.0.1:${mockPort}`
    writeFileSync(
      join(appDir, 'vite.both.config.ts'),
      `import { defineConfig } from 'vite'\n\nexport default defineConfig({\n  server: { proxy: { '/RestApi': '${target}', '/__mock': '${target}' } },\n})\n`,
    )
    const both = startCommand(
      join(appDir, 'node_modules/.bin/vite'),
      [
        '--config',
        'vite.both.config.ts',
        '--port',
        String(appPort),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ],
      { cwd: appDir, env: userEnv() },
    )
    others.push(both)
    await waitForUrl(`http://127.0.0.1:${appPort}/`, 60_000, both)
    const context = await browser.newContext()
    const tab = await context.newPage()
    const warnings: string[] = []
    tab.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await tab.goto(`http://127.0.0.1:${appPort}/`)
    await tab.waitForSelector('body[data-done="true"]', { timeout: 60_000 })
    await expect.poll(() => warnings.length).toBe(1)
    expect(warnings[0]).toMatch(
      /^restapi-mock: the page's worker answers \/RestApi, and a restapi-mock CLI answers behind this dev server's proxy too: .*VITE_RESTAPI_MOCK=server/,
    )
    await expect.poll(() => cli.stderr()).toMatch(/worker answers the app too/)
    expect(cli.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^restapi-mock: warning: a page's own restapi-mock worker answers the app too, .*VITE_RESTAPI_MOCK=server/,
      ),
    ])
    await context.close()
  }, 180_000)
})
