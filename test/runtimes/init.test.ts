import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserStart, playwrightSpec, storybookModule } from '../../src/tools/init/recipes.ts'
import { tempDir } from '../support/index.ts'
import { init, playwrightConfig, read, snapshot, viteApp, write } from './init-project.ts'

// `restapi-mock init` in projects laid out as Vite, Storybook and Playwright lay them out
// (init-project.ts), each with a stand-in msw in node_modules.

describe('restapi-mock init in a Vite app', () => {
  it('writes the worker script, the development-only start and the mock script with --yes', async () => {
    const root = viteApp()
    const run = await init(root, ['--yes'])
    expect(run.code, run.err).toBe(0)
    expect(read(root, 'public/mockServiceWorker.js')).toBe('/* msw worker 3.0.5 */\n')
    const main = read(root, 'src/main.tsx')
    expect(main).toContain(browserStart)
    // After the imports, before the app renders.
    expect(main.indexOf("import App from './App.tsx'")).toBeLessThan(main.indexOf(browserStart))
    expect(main.indexOf(browserStart)).toBeLessThan(main.indexOf('createRoot('))
    const pkg = JSON.parse(read(root, 'package.json')) as {
      scripts: Record<string, string>
      msw: { workerDirectory: string[] }
    }
    expect(pkg.scripts).toEqual({ dev: 'vite', mock: 'restapi-mock' })
    expect(pkg.msw.workerDirectory).toEqual(['public'])
    expect(run.out).toContain('+    "mock": "restapi-mock"')
  })

  it('changes nothing on a second run, and says so', async () => {
    const root = viteApp({ storybook: true, playwright: true })
    expect((await init(root, ['--yes'])).code).toBe(0)
    const before = snapshot(root)
    const again = await init(root, ['--yes'])
    expect(again.code).toBe(0)
    expect(again.out).toContain('Nothing to change: restapi-mock is set up here.')
    expect(snapshot(root)).toEqual(before)
  })

  it('only shows the changes with --dry-run', async () => {
    const root = viteApp({ storybook: true, playwright: true })
    const before = snapshot(root)
    const run = await init(root, ['--dry-run'])
    expect(run.code).toBe(0)
    expect(run.out).toContain('--- a/src/main.tsx')
    expect(run.out).toContain("+    const { startWorker } = await import('restapi-mock/browser')")
    expect(run.out).toContain('Dry run: nothing was written.')
    expect(snapshot(root)).toEqual(before)
  })

  it('says so and exits 1, writing nothing, without --yes when no terminal can be asked (F10)', async () => {
    const root = viteApp()
    const before = snapshot(root)
    const run = await init(root, [])
    expect(run.code).toBe(1)
    expect(run.err).toMatch(
      /^restapi-mock init: stdin is not a terminal, .*run it again with --yes.*\.\n$/,
    )
    expect(snapshot(root)).toEqual(before)
  })

  it('asks at a terminal, and writes nothing when told no', async () => {
    const root = viteApp()
    const before = snapshot(root)
    const declined = await init(root, [], true, 'n')
    expect(declined.code).toBe(1)
    expect(snapshot(root)).toEqual(before)
    const accepted = await init(root, [], true, 'y')
    expect(accepted.code).toBe(0)
    expect(read(root, 'src/main.tsx')).toContain(browserStart)
  })

  it("keeps a user's own mock script, saying so", async () => {
    const root = viteApp()
    const pkg = JSON.parse(read(root, 'package.json')) as Record<string, unknown>
    write(
      root,
      'package.json',
      JSON.stringify({ ...pkg, scripts: { mock: 'json-server db.json' } }),
    )
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(0)
    expect(run.out).toContain(`"mock" script is your own (json-server db.json): kept as it is`)
    expect((JSON.parse(read(root, 'package.json')) as { scripts: object }).scripts).toEqual({
      mock: 'json-server db.json',
    })
  })

  it('puts the worker script where msw.workerDirectory says', async () => {
    const root = viteApp()
    const pkg = JSON.parse(read(root, 'package.json')) as Record<string, unknown>
    write(root, 'package.json', JSON.stringify({ ...pkg, msw: { workerDirectory: ['static'] } }))
    expect((await init(root, ['--yes'])).code).toBe(0)
    expect(existsSync(join(root, 'static/mockServiceWorker.js'))).toBe(true)
    expect(existsSync(join(root, 'public/mockServiceWorker.js'))).toBe(false)
  })
})

describe('restapi-mock init with Storybook and Playwright', () => {
  it('wires the Storybook preview, its staticDirs and the tsconfig include', async () => {
    const root = viteApp({ storybook: true })
    expect((await init(root, ['--yes'])).code).toBe(0)
    expect(read(root, '.storybook/restapi-mock.ts')).toBe(storybookModule('@storybook/react-vite'))
    const preview = read(root, '.storybook/preview.ts')
    expect(preview).toContain(
      "import type { Preview } from '@storybook/react-vite'\nimport { restapiMock } from './restapi-mock'\n",
    )
    expect(preview).toContain('const preview: Preview = {\n  ...restapiMock,\n  parameters: {')
    expect(read(root, '.storybook/main.ts')).toContain(
      'const config: StorybookConfig = {\n  staticDirs: [\'../public\'],\n  "stories"',
    )
    const tsconfig = read(root, 'tsconfig.app.json')
    expect(tsconfig).toContain('/* Bundler mode */')
    expect(tsconfig).toMatch(/"include": \[\s*"src",\s*".storybook\/\*\.ts"\s*\]/)
  })

  it('writes a first test with the shipped fixture in its testDir, and the servers and baseURL in the config (F2)', async () => {
    const root = viteApp({ playwright: true })
    expect((await init(root, ['--yes'])).code).toBe(0)
    expect(read(root, 'e2e/restapi-mock.spec.ts')).toBe(playwrightSpec)
    expect(existsSync(join(root, 'e2e/mock-session.ts'))).toBe(false)
    const config = read(root, 'playwright.config.ts')
    expect(config).toContain(
      "import { defineConfig, devices } from '@playwright/test';\nimport { mockSettings, mockWebServer } from 'restapi-mock/playwright'\n",
    )
    expect(config).toContain(
      "export default defineConfig({\n  use: { baseURL: mockSettings().appUrl },\n  webServer: mockWebServer(),\n  testDir: './e2e',",
    )
  })

  it("leaves a config's own webServer alone and says what to add", async () => {
    const root = viteApp({ playwright: true })
    write(
      root,
      'playwright.config.ts',
      playwrightConfig.replace(
        'fullyParallel: true,',
        "fullyParallel: true,\n  webServer: { command: 'npm run dev' },",
      ),
    )
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(0)
    expect(run.out).toContain(
      'has its own webServer: put mockWebServer() (from restapi-mock/playwright) in it',
    )
    const config = read(root, 'playwright.config.ts')
    expect(config).toContain("webServer: { command: 'npm run dev' },")
    expect(config).not.toContain('mockWebServer()')
    expect(config).toContain('baseURL: mockSettings().appUrl')
  })
})

describe('restapi-mock init in a project it cannot set up', () => {
  it('says in one sentence that there is no package.json, and changes nothing', async () => {
    const root = tempDir()
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toBe(
      `restapi-mock init: there is no package.json in ${root}: run it in your project's folder.\n`,
    )
    expect(readdirSync(root)).toEqual([])
  })

  it('says so when it finds nothing it knows', async () => {
    const root = tempDir()
    write(root, 'package.json', '{"name":"lib"}\n')
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toMatch(
      /^restapi-mock init: found no Vite, Storybook, Vitest or Playwright config in .+\.\n$/,
    )
    expect(read(root, 'package.json')).toBe('{"name":"lib"}\n')
  })

  it('asks for msw first when the browser recipes need it', async () => {
    const root = viteApp()
    const before = snapshot(root)
    const { rmSync } = await import('node:fs')
    rmSync(join(root, 'node_modules/msw'), { recursive: true })
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toContain('msw is not installed in this project')
    expect(snapshot(root)).toEqual(before)
  })
})
