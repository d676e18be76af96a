import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../support/index.ts'
import { screenshotDir } from '../browser/chromium.ts'
import { consumerProject, type ConsumerProject } from './consumer-project.ts'
import { buildApp } from './init-app.ts'
import { runCommand, startCommand, userEnv, type CommandResult } from './run-command.ts'

// `restapi-mock init` in each home, as a user runs it on a fresh Vite app with Playwright
// (test/package/home-app): the installed bin, then the same Playwright spec with the shipped
// fixture (`restapi-mock/playwright`), then `vite build`. In the server home the page's
// requests reach the CLI (its journal shows them); in the worker home the fixture drives the
// page's own mock. Neither build holds anything of the mock.

const appSource = fileURLToPath(new URL('./home-app/', import.meta.url))
const mockMarkers = ['ItemNotFoundException', 'X-Mock-Session', 'mockServiceWorker.js']

let project: ConsumerProject

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Playwright as the user's project has it: this repository's copy, linked into the consumer
 * project once (a user installs @playwright/test; the fixture resolves it from there).
 */
function linkPlaywright(dir: string): void {
  for (const name of ['@playwright/test', 'playwright', 'playwright-core']) {
    const link = join(dir, 'node_modules', name)
    if (existsSync(link)) continue
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(realpathSync(join(projectRoot, 'node_modules', name)), link)
  }
}

/** Every JavaScript file a build wrote but msw's worker script, as one text. */
function scriptsOf(outDir: string): string {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.js') && entry.name !== 'mockServiceWorker.js',
    )
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

interface HomeRun {
  readonly dir: string
  readonly init: CommandResult
  readonly playwright: CommandResult
  /** Vitest, with the setup file and config init wrote. */
  readonly vitest: CommandResult
  /** The CLI's log lines (the server home): one per request it answered. */
  readonly log: string[]
}

/** The app made afresh, `init --yes --home <home>` on free ports, then the spec. */
async function runHome(home: 'server' | 'worker'): Promise<HomeRun> {
  const dir = join(project.dir, `home-app-${home}`)
  rmSync(dir, { recursive: true, force: true })
  cpSync(appSource, dir, { recursive: true })
  symlinkSync(join(project.dir, 'node_modules'), join(dir, 'node_modules'))
  const [mockPort, appPort] = [await freePort(), await freePort()]
  const init = await runCommand(
    join(dir, 'node_modules/.bin/restapi-mock'),
    ['init', '--yes', '--home', home, '--port', String(mockPort), '--app-port', String(appPort)],
    { cwd: dir, env: userEnv() },
    60_000,
  )
  // In the server home the CLI runs before the suite, as `npm run mock` in a terminal, and
  // Playwright's webServer reuses it (outside CI). Its log shows what reached it (each test's
  // session, and its journal entries, go when the test ends).
  const cli =
    home === 'server' ? startCommand('npm', ['run', 'mock'], { cwd: dir, env: userEnv() }) : null
  try {
    if (cli) await waitFor(`http://127.0.0.1:${mockPort}/__mock/settings`)
    const playwright = await runCommand(
      process.execPath,
      [join(dir, 'node_modules/@playwright/test/cli.js'), 'test', '--workers', '1'],
      {
        cwd: dir,
        env: userEnv({
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          CI: '',
          SHOT: join(screenshotDir, `init-home-${home}.png`),
        }),
      },
      240_000,
    )
    const vitest = await runCommand(
      join(dir, 'node_modules/.bin/vitest'),
      ['run'],
      { cwd: dir, env: userEnv() },
      120_000,
    )
    return { dir, init, playwright, vitest, log: cli ? cli.stdout().split('\n') : [] }
  } finally {
    cli?.stop()
  }
}

async function waitFor(url: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Failed to reach ${url}`)
}

beforeAll(async () => {
  project = await consumerProject()
  linkPlaywright(project.dir)
}, 600_000)

/**
 * The comment PUTs the CLI's log shows. Server home: the spec's tests (the fixture's comment,
 * none, then the login's: the page's start, in, out), then init's first test. Worker home: no
 * CLI runs, the page's worker answers them all.
 */
const cliPuts = {
  server: [
    'json 200',
    'json 404',
    'json 404',
    'json 404',
    expect.stringMatching(/^json (401|500)$/),
    'json 404',
  ],
  worker: [],
}

describe.each(['server', 'worker'] as const)('init --home %s in a fresh Vite app', (home) => {
  let run: HomeRun
  beforeAll(async () => {
    run = await runHome(home)
  }, 600_000)

  it('sets it up in one run', () => {
    expect(run.init.code, run.init.stdout + run.init.stderr).toBe(0)
    expect(run.init.stdout).toMatch(/^Done: \d+ changes\./m)
  })

  it('passes the Playwright spec with the shipped fixture', () => {
    const output = run.playwright.stdout + run.playwright.stderr
    expect(output, output).toMatch(/4 passed/)
    expect(run.playwright.code, output).toBe(0)
  })

  it("runs Vitest with init's setup file, and leaves Playwright's tests to Playwright", () => {
    // eslint-disable-next-line no-control-regex -- its colours
    const output = (run.vitest.stdout + run.vitest.stderr).replace(/\u001b\[[\d;]*m/g, '')
    expect(output, output).toMatch(/Tests\s+1 passed \(1\)/)
    expect(run.vitest.code, output).toBe(0)
  })

  it("sends the page's requests to the CLI in the server home, and none in the worker's", () => {
    const puts = run.log.filter((line) => line.startsWith('PUT /RestApi/comments-api/comments'))
    expect(puts.map((line) => line.split(' ').slice(2, 4).join(' '))).toEqual(cliPuts[home])
  })

  it("type-checks as the app's build does (tsc -b, TypeScript 5): the start, the plugin, the test", async () => {
    const tsc = await runCommand(
      join(run.dir, 'node_modules/.bin/tsc'),
      ['-b'],
      { cwd: run.dir, env: userEnv() },
      120_000,
    )
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0)
  }, 150_000)

  it('leaves nothing of the mock in the production build', async () => {
    const production = scriptsOf(await buildApp(run.dir, 'production'))
    expect(production).toContain('Moderator')
    for (const marker of mockMarkers) expect(production, marker).not.toContain(marker)
  }, 300_000)
})

describe('init with its output closed under it (F10)', () => {
  it('says so in one sentence and exits 1, as `init --dry-run | true` does', async () => {
    const dir = join(project.dir, 'home-app-epipe')
    rmSync(dir, { recursive: true, force: true })
    cpSync(appSource, dir, { recursive: true })
    symlinkSync(join(project.dir, 'node_modules'), join(dir, 'node_modules'))
    const child = spawn(join(dir, 'node_modules/.bin/restapi-mock'), ['init', '--dry-run'], {
      cwd: dir,
      env: userEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // The reader goes away before init has written anything.
    child.stdout.destroy()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(stderr).toBe('restapi-mock init: the output closed before init finished (EPIPE).\n')
    expect(code).toBe(1)
  })
})
