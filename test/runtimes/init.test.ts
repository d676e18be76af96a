import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { runInit } from '../../src/node/init/index.ts'
import { browserStart, playwrightFixture, storybookModule } from '../../src/node/init/recipes.ts'
import { tempDir } from '../support/index.ts'

// `restapi-mock init` in projects laid out as Vite, Storybook and Playwright lay them out, each
// with a stand-in msw (its package.json, CLI and worker script) in node_modules.

const mainTsx = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import App from './App.tsx'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
`

const storybookMain = `import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  "stories": ["../src/**/*.stories.@(js|jsx|mjs|ts|tsx)"],
  "addons": [],
  "framework": "@storybook/react-vite"
};
export default config;
`

const storybookPreview = `import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: {
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
`

const playwrightConfig = `import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
`

const tsconfigApp = `{
  "compilerOptions": {
    /* Bundler mode */
    "moduleResolution": "bundler"
  },
  "include": ["src"]
}
`

/** A stand-in msw whose CLI copies its worker script as msw's `init <dir>` does. */
function fakeMsw(root: string): void {
  const msw = join(root, 'node_modules/msw')
  write(msw, 'package.json', JSON.stringify({ name: 'msw', version: '3.0.5', type: 'module' }))
  write(msw, 'lib/mockServiceWorker.js', '/* msw worker 3.0.5 */\n')
  write(
    msw,
    'cli/index.js',
    `import { copyFileSync, mkdirSync } from 'node:fs'
const [, , command, dir] = process.argv
if (command !== 'init') process.exit(3)
mkdirSync(dir, { recursive: true })
copyFileSync(new URL('../lib/mockServiceWorker.js', import.meta.url), dir + '/mockServiceWorker.js')
`,
  )
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

function read(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8')
}

/** A Vite + React app as create-vite makes it, with Storybook and Playwright added. */
function viteApp(options: { storybook?: boolean; playwright?: boolean } = {}): string {
  const root = tempDir()
  write(
    root,
    'package.json',
    `${JSON.stringify({ name: 'app', type: 'module', scripts: { dev: 'vite' }, devDependencies: { vite: '^8.0.0' } }, null, 2)}\n`,
  )
  write(
    root,
    'vite.config.ts',
    "import { defineConfig } from 'vite'\nexport default defineConfig({})\n",
  )
  write(
    root,
    'index.html',
    '<div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
  )
  write(root, 'src/main.tsx', mainTsx)
  write(root, 'tsconfig.app.json', tsconfigApp)
  if (options.storybook) {
    write(root, '.storybook/main.ts', storybookMain)
    write(root, '.storybook/preview.ts', storybookPreview)
  }
  if (options.playwright) write(root, 'playwright.config.ts', playwrightConfig)
  fakeMsw(root)
  return root
}

interface Run {
  readonly code: number
  readonly out: string
  readonly err: string
}

async function init(root: string, args: string[], tty = false, answer = ''): Promise<Run> {
  const stdin = Object.assign(new PassThrough(), { isTTY: tty })
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.endsWith('[y/N] ')) stdin.write(`${answer}\n`)
  })
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await runInit(args, { cwd: root, stdin, stdout, stderr })
  return { code, out, err }
}

/** Every file of a project but node_modules, with its text: what a run may have changed. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isFile() && !path.includes('node_modules')) files[path] = readFileSync(path, 'utf8')
  }
  return files
}

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
    expect(run.out).toContain("+  const { startWorker } = await import('restapi-mock/browser')")
    expect(run.out).toContain('Dry run: nothing was written.')
    expect(snapshot(root)).toEqual(before)
  })

  it('shows the plan and writes nothing without --yes when no terminal can be asked', async () => {
    const root = viteApp()
    const before = snapshot(root)
    const run = await init(root, [])
    expect(run.code).toBe(0)
    expect(run.out).toContain('run it again with --yes')
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

  it("writes Playwright's session fixture in its testDir and starts the mock in webServer", async () => {
    const root = viteApp({ playwright: true })
    expect((await init(root, ['--yes'])).code).toBe(0)
    expect(read(root, 'e2e/mock-session.ts')).toBe(playwrightFixture)
    const config = read(root, 'playwright.config.ts')
    expect(config).toContain(
      "export default defineConfig({\n  webServer: [\n    {\n      command: 'node_modules/.bin/restapi-mock --port 4000 --quiet',",
    )
    expect(config).toContain("command: 'npm run dev',")
    expect(config).toContain("testDir: './e2e',")
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
    const before = read(root, 'playwright.config.ts')
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(0)
    expect(run.out).toContain('has its own webServer: add the mock to it by hand')
    expect(read(root, 'playwright.config.ts')).toBe(before)
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
