import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/node/index.ts'
import { readDevSettings, restapiMock } from '../../src/node/dev/index.ts'
import { runInit } from '../../src/tools/init/index.ts'
import { mockWebServer } from '../../src/node/playwright/playwright-config.ts'
import { vitestSetup } from '../../src/tools/init/recipes.ts'
import { tempDir } from '../support/index.ts'
import { init, read, snapshot, viteApp, write } from './init-project.ts'

// The newcomer's frictions with init (the newcomer's report of 2026-12-01, F1-F5, F10)
// and the reliability report's M2 and L5, each as init is run on a scratch project.

/** Every file but node_modules, joined: where a value is written. */
function allText(root: string): string {
  return Object.entries(snapshot(root))
    .filter(([path]) => !path.endsWith('mockServiceWorker.js'))
    .map(([, text]) => text)
    .join('\n')
}

describe('one home at a time (F1)', () => {
  it('--home server wires the CLI behind the proxy and keeps the worker off, in package.json config', async () => {
    const root = viteApp()
    const run = await init(root, ['--yes', '--home', 'server'])
    expect(run.code, run.err).toBe(0)
    const pkg = JSON.parse(read(root, 'package.json')) as { config: Record<string, unknown> }
    expect(pkg.config).toEqual({ mockHome: 'server', mockPort: 4000, appPort: 5173 })
    expect(read(root, 'vite.config.ts')).toContain('plugins: [restapiMock()]')
    expect(read(root, 'src/main.tsx')).toContain(
      "(import.meta.env.VITE_RESTAPI_MOCK ?? 'worker') === 'worker'",
    )
    expect(run.out).toContain('Run npm run mock beside npm run dev')
  })

  it('asks which home at a terminal, and the answer is the one written', async () => {
    const root = viteApp()
    const run = await init(root, [], true, 'y', '2')
    expect(run.code, run.err).toBe(0)
    expect(run.out).toContain('Which home answers the app')
    expect((JSON.parse(read(root, 'package.json')) as { config: object }).config).toMatchObject({
      mockHome: 'server',
    })
  })

  it('the Vite plugin proxies /RestApi and /__mock to the CLI only in the server home, and tells the page', async () => {
    const root = viteApp()
    expect((await init(root, ['--yes', '--home', 'server', '--port', '4100'])).code).toBe(0)
    const server = restapiMock().config({ root })
    expect(server).toEqual({
      define: { 'import.meta.env.VITE_RESTAPI_MOCK': '"server"' },
      server: {
        port: 5173,
        strictPort: true,
        proxy: { '/RestApi': 'http://127.0.0.1:4100', '/__mock': 'http://127.0.0.1:4100' },
      },
    })
    // One setting switches it back, for one run.
    const env = { VITE_RESTAPI_MOCK: 'worker' }
    expect(readDevSettings(root, env).home).toBe('worker')
    expect(() => readDevSettings(root, { VITE_RESTAPI_MOCK: 'sever' })).toThrow(
      /must be one of worker, server, off, not "sever"/,
    )
  })

  it("the CLI says once when a page's worker answers the app too", async () => {
    const lines: string[] = []
    const app = createApp({ warn: (line) => lines.push(line) })
    for (let i = 0; i < 3; i++)
      await app.request('/__mock/settings', { headers: { 'X-Mock-Worker': 'started' } })
    await app.request('/__mock/settings')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/worker answers the app too.*VITE_RESTAPI_MOCK=server/)
  })
})

describe('init finishes what it starts (F2, F4, F5, Vitest)', () => {
  it('--port and --app-port are written once, in package.json, and every reader takes them from there (F5)', async () => {
    const root = viteApp({ playwright: true })
    const run = await init(root, [
      '--yes',
      '--home',
      'server',
      '--port',
      '4123',
      '--app-port',
      '5321',
    ])
    expect(run.code, run.err).toBe(0)
    expect(allText(root).match(/4123/g)).toHaveLength(1)
    expect(allText(root).match(/5321/g)).toHaveLength(1)
    const settings = readDevSettings(root, {})
    expect(settings.appUrl).toBe('http://localhost:5321')
    expect(mockWebServer(settings).map((entry) => entry.url)).toEqual([
      'http://127.0.0.1:4123/__mock/settings',
      'http://localhost:5321',
    ])
    // npm passes package.json's config to the mock script: test/package/init-homes.slow.test.ts
    // runs `npm run mock` and reaches it on the port init wrote.
  })

  it("stops with one sentence, writing nothing, when Storybook's addon is not installed (F4)", async () => {
    const root = viteApp({ storybook: true, addon: false })
    const before = snapshot(root)
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toBe(
      "restapi-mock init: Storybook's preview needs msw-storybook-addon, which is not installed in this project: run npm i -D msw-storybook-addon, then init again (nothing was written).\n",
    )
    expect(snapshot(root)).toEqual(before)
  })

  it('writes a Vitest setup file and the config that loads it, shown as diffs', async () => {
    const root = viteApp()
    const pkg = JSON.parse(read(root, 'package.json')) as { devDependencies: object }
    write(
      root,
      'package.json',
      JSON.stringify({ ...pkg, devDependencies: { ...pkg.devDependencies, vitest: '^4' } }),
    )
    const run = await init(root, ['--yes'])
    expect(run.code, run.err).toBe(0)
    expect(read(root, 'vitest.setup.ts')).toBe(vitestSetup)
    expect(read(root, 'vitest.config.ts')).toContain(
      "mergeConfig(viteConfig, defineConfig({ test: { setupFiles: ['./vitest.setup.ts'] } }))",
    )
    expect(run.out).toContain('+++ b/vitest.config.ts')
    expect(run.out).toContain('+++ b/vitest.setup.ts')
  })
})

describe("init's ok lines check what they claim (F10)", () => {
  it('does not call an entry that lost its startWorker() call set up', async () => {
    const root = viteApp()
    expect((await init(root, ['--yes'])).code).toBe(0)
    write(root, 'src/main.tsx', read(root, 'src/main.tsx').replace('    await startWorker()\n', ''))
    const again = await init(root, ['--dry-run'])
    expect(again.out).not.toContain('ok  src/main.tsx starts the mock')
    expect(again.out).toContain('never calls startWorker()')
  })

  it('does not call a Playwright config without baseURL set up', async () => {
    const root = viteApp({ playwright: true })
    expect((await init(root, ['--yes'])).code).toBe(0)
    write(
      root,
      'playwright.config.ts',
      read(root, 'playwright.config.ts').replace('use: { baseURL: mockSettings().appUrl },\n', ''),
    )
    const again = await init(root, ['--yes'])
    expect(again.out).not.toContain('ok  playwright.config.ts')
    expect(read(root, 'playwright.config.ts')).toContain('baseURL: mockSettings().appUrl')
  })
})

describe('init is safe (M2, L5, F10)', () => {
  it('refuses a symlinked entry that leads outside the project, naming it, and writes nothing (M2)', async () => {
    const root = viteApp()
    const outside = tempDir()
    write(outside, 'main.tsx', read(root, 'src/main.tsx'))
    execFileSync('rm', [join(root, 'src/main.tsx')])
    symlinkSync(join(outside, 'main.tsx'), join(root, 'src/main.tsx'))
    const before = { ...snapshot(root), ...snapshot(outside) }
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toMatch(
      /^restapi-mock init: src\/main\.tsx leads outside the project \(to .*main\.tsx\): init writes only inside .*, so it wrote nothing\.\n$/,
    )
    expect({ ...snapshot(root), ...snapshot(outside) }).toEqual(before)
  })

  it('refuses a public folder linked outside, and a ../ entry (M2)', async () => {
    const root = viteApp()
    const outside = tempDir()
    mkdirSync(join(outside, 'pub'))
    symlinkSync(join(outside, 'pub'), join(root, 'public'))
    const linked = await init(root, ['--yes'])
    expect(linked.code).toBe(2)
    expect(linked.err).toContain('public leads outside the project')
    expect(existsSync(join(outside, 'pub/mockServiceWorker.js'))).toBe(false)

    const other = viteApp()
    const sibling = `${other}-sibling`
    write(sibling, 'main.tsx', 'export {}\n')
    write(
      other,
      'index.html',
      `<script type="module" src="/../${sibling.split('/').pop()}/main.tsx"></script>\n`,
    )
    const dotted = await init(other, ['--yes'])
    expect(dotted.code).toBe(2)
    expect(dotted.err).toMatch(/main\.tsx leads outside the project/)
    expect(readFileSync(join(sibling, 'main.tsx'), 'utf8')).toBe('export {}\n')
  })

  it.runIf(process.getuid?.() === 0)(
    'checks every file is writable first: an immutable entry gets one sentence and package.json is untouched (L5)',
    async () => {
      const root = viteApp()
      const before = snapshot(root)
      execFileSync('chattr', ['+i', join(root, 'src/main.tsx')])
      try {
        const run = await init(root, ['--yes'])
        expect(run.code).toBe(2)
        expect(run.err).toBe(
          'restapi-mock init: cannot write src/main.tsx (EPERM), so init wrote nothing.\n',
        )
        expect(snapshot(root)).toEqual(before)
        expect(existsSync(join(root, 'public/mockServiceWorker.js'))).toBe(false)
      } finally {
        execFileSync('chattr', ['-i', join(root, 'src/main.tsx')])
      }
    },
  )

  it('a package.json that is not JSON gets one sentence (L5)', async () => {
    const root = viteApp()
    write(root, 'package.json', '{ "name": ')
    const run = await init(root, ['--yes'])
    expect(run.code).toBe(2)
    expect(run.err).toMatch(/^restapi-mock init: .*package\.json is not JSON \(.*\)\.\n$/)
  })

  it('a closed output (EPIPE) gets one sentence and exit 1, not a stack trace (F10)', async () => {
    const root = viteApp()
    const before = snapshot(root)
    let err = ''
    const stdout = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
      },
    })
    const stderr = new PassThrough().on('data', (chunk: Buffer) => (err += chunk.toString()))
    const stdin = Object.assign(new PassThrough(), { isTTY: false })
    const code = await runInit(['--yes'], { cwd: root, stdin, stdout, stderr })
    expect(code).toBe(1)
    expect(err).toMatch(
      /^restapi-mock init: the output closed before init (could write|finished) \(EPIPE\)[^\n]*\.\n$/,
    )
    expect(snapshot(root)).toEqual(before)
  })
})
