import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PassThrough } from 'node:stream'
import { runInit } from '../../src/tools/init/index.ts'
import { tempDir } from '../support/index.ts'

// Projects laid out as Vite, Storybook and Playwright lay them out, each with a stand-in msw
// (its package.json, CLI and worker script) in node_modules, and init run on them in process.

export const mainTsx = `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import App from './App.tsx'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
`

export const storybookMain = `import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  "stories": ["../src/**/*.stories.@(js|jsx|mjs|ts|tsx)"],
  "addons": [],
  "framework": "@storybook/react-vite"
};
export default config;
`

export const storybookPreview = `import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: {
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
`

export const playwrightConfig = `import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
`

export const tsconfigApp = `{
  "compilerOptions": {
    /* Bundler mode */
    "moduleResolution": "bundler"
  },
  "include": ["src"]
}
`

/** A stand-in msw whose CLI copies its worker script as msw's `init <dir>` does. */
export function fakeMsw(root: string): void {
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

export function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

export function read(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8')
}

/** A Vite + React app as create-vite makes it, with Storybook and Playwright added. */
export function viteApp(
  options: { storybook?: boolean; playwright?: boolean; addon?: boolean } = {},
): string {
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
    if (options.addon !== false)
      write(root, 'node_modules/msw-storybook-addon/package.json', '{"name":"msw-storybook-addon"}')
  }
  if (options.playwright) write(root, 'playwright.config.ts', playwrightConfig)
  fakeMsw(root)
  return root
}

export interface Run {
  readonly code: number
  readonly out: string
  readonly err: string
}

export async function init(
  root: string,
  args: string[],
  tty = false,
  answer = '',
  home = '',
): Promise<Run> {
  const stdin = Object.assign(new PassThrough(), { isTTY: tty })
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  let out = ''
  let err = ''
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.endsWith('[y/N] ')) stdin.write(`${answer}\n`)
    else if (/\[\d\] $/.test(out)) stdin.write(`${home}\n`)
  })
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await runInit(args, { cwd: root, stdin, stdout, stderr })
  return { code, out, err }
}

/** Every file of a project but node_modules, with its text: what a run may have changed. */
export function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isFile() && !path.includes('node_modules')) files[path] = readFileSync(path, 'utf8')
  }
  return files
}
