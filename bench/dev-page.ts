// `npm run bench:browser`: the README's browser recipe in Vite's dev server, as a user's first
// page load meets it. The packed package is installed into the consumer test's scratch project
// (reused); a page there imports `restapi-mock/browser`, starts the worker and sends one comment
// update, once as an installed package (Vite pre-bundles it) and once as a linked or workspace
// package is served (as it is, file by file). Beside them, in the same run, the floor: a page
// that starts a bare msw worker with one handler and sends it one request. Each load is a fresh Vite dev server (the consumer's own
// Vite, on 127.0.0.1) and a fresh Chromium context (no service worker, no HTTP cache), so it is a
// user's first visit after `npm run dev`. Round 0 starts each page with no dep cache (cold);
// the rounds after it find Vite's dep cache in place (warm), each page going first in turn.
// `--files` lists what the dev server served for the last warm load of each page.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../test/browser/chromium.ts'
import { consumerProject } from '../test/package/consumer-project.ts'
import { writeDevPage, type PageResult } from './dev-page-files.ts'
import { median } from './load.ts'

/** One page load: what the dev server served for it and when the worker answered. */
export interface DevLoad {
  /** From navigation to the page reading the worker's first answer. */
  readonly answeredMs: number
  /** Every file the dev server served for the load, with its bytes as sent. */
  readonly served: ReadonlyArray<{ url: string; bytes: number }>
  /** The served files that are neither the page's own nor Vite's client: the library's. */
  readonly entryFiles: number
  readonly totalBytes: number
}

/** The mock's page as installed (Vite pre-bundles it), as linked (served as it is), the floor. */
export type Variant = 'installed' | 'linked' | 'floor'
const variants: readonly Variant[] = ['installed', 'linked', 'floor']

export interface DevPageRun {
  readonly cold: Record<Variant, DevLoad>
  readonly warm: Record<Variant, DevLoad[]>
}

type Vite = typeof import('vite')

// The page's own files and Vite's client; whatever else a load asks for is its library.
// How a dev server serves a package it does not pre-bundle: a linked or workspace package, or one
// in `optimizeDeps.exclude`. msw stays pre-bundled, as in any project whose own code imports it.
const linkedPackage = { exclude: ['restapi-mock'], include: ['msw', 'msw/browser'] }

const pageOwn = /^\/(index\.html|main\.js|mockServiceWorker\.js|favicon\.ico)?(\?|$)/
const viteClient = /^\/@vite\/(client|env)|\/node_modules\/vite\/dist\/client\//

/** One load of `root` in a fresh dev server and a fresh browser context. */
async function loadOnce(
  vite: Vite,
  { root, linked }: { root: string; linked: boolean },
  browser: Browser,
): Promise<DevLoad> {
  const served: { url: string; bytes: number }[] = []
  const server = await vite.createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    cacheDir: join(root, '.vite'),
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    ...(linked ? { optimizeDeps: linkedPackage } : {}),
    plugins: [
      {
        name: 'bench:count-served-bytes',
        configureServer(dev) {
          // Before Vite's own middlewares, so every answer it sends is counted as sent.
          dev.middlewares.use((req, res, next) => {
            let bytes = 0
            const count = (chunk: unknown): void => {
              if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk)
              else if (chunk instanceof Uint8Array) bytes += chunk.byteLength
            }
            const { write, end } = res
            res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
              count(chunk)
              return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
            } as typeof res.write
            res.end = function (this: typeof res, chunk?: unknown, ...rest: unknown[]) {
              if (typeof chunk !== 'function') count(chunk)
              served.push({ url: req.url ?? '', bytes })
              return (end as (...args: unknown[]) => typeof res).call(this, chunk, ...rest)
            } as typeof res.end
            next()
          })
        },
      },
    ],
  })
  const context = await browser.newContext()
  try {
    await server.listen()
    const url = server.resolvedUrls?.local[0]
    if (!url) throw new Error('Failed to load the dev page: the dev server reports no address')
    const page = await context.newPage()
    await page.goto(url)
    const handle = await page.waitForFunction(
      () => (window as unknown as { benchResult?: PageResult }).benchResult,
      undefined,
      { timeout: 120_000 },
    )
    const result = (await handle.jsonValue()) as PageResult
    if (result.status !== 200) throw new Error(`The worker answered ${result.status}, not 200`)
    if (served.some((file) => /^\/(restapi|x)\b/i.test(file.url)))
      throw new Error('The dev server, not the worker, answered the request')
    const entry = served.filter((file) => !pageOwn.test(file.url) && !viteClient.test(file.url))
    return {
      answeredMs: result.answeredMs,
      served,
      entryFiles: entry.length,
      totalBytes: served.reduce((sum, file) => sum + file.bytes, 0),
    }
  } finally {
    await context.close()
    await server.close()
  }
}

/**
 * Loads each page once cold and `rounds` times warm, alternating which goes first.
 * @example const run = await measureDevPages(5)
 */
export async function measureDevPages(rounds: number): Promise<DevPageRun> {
  const { dir } = await consumerProject()
  const vite = (await import(
    pathToFileURL(join(dir, 'node_modules', 'vite', 'dist', 'node', 'index.js')).href
  )) as Vite
  const roots: Record<Variant, { root: string; linked: boolean }> = {
    installed: { root: writeDevPage(dir, 'mock', 'installed'), linked: false },
    linked: { root: writeDevPage(dir, 'mock', 'linked'), linked: true },
    floor: { root: writeDevPage(dir, 'floor', 'floor'), linked: false },
  }
  const browser = await launchChromium()
  try {
    const cold = {} as Record<Variant, DevLoad>
    for (const name of variants) {
      rmSync(join(roots[name].root, '.vite'), { recursive: true, force: true })
      cold[name] = await loadOnce(vite, roots[name], browser)
    }
    const warm: Record<Variant, DevLoad[]> = { installed: [], linked: [], floor: [] }
    for (let round = 0; round < rounds; round++) {
      // Each page goes first in turn, so none always meets a machine the others warmed.
      const order = variants.map((_, i) => variants[(i + round) % variants.length] as Variant)
      for (const name of order) warm[name].push(await loadOnce(vite, roots[name], browser))
    }
    return { cold, warm }
  } finally {
    await browser.close()
  }
}

/** The bench's lines: cold loads, then the warm medians side by side. */
export function describeDevPages(run: DevPageRun): string[] {
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  const list = (loads: readonly DevLoad[]): string =>
    loads.map((load) => (load.answeredMs / 1000).toFixed(2)).join(', ')
  const row = (label: string, loads: readonly DevLoad[]): string =>
    `  ${label.padEnd(26)} first answer ${s(median(loads.map((l) => l.answeredMs))).padStart(7)} (${list(loads)});  ${String(median(loads.map((l) => l.entryFiles))).padStart(4)} files for its library;  ${mb(median(loads.map((l) => l.totalBytes))).padStart(8)} served`
  const more = (variant: Variant): string =>
    mb(median(run.warm[variant].map((l, i) => l.totalBytes - (run.warm.floor[i]?.totalBytes ?? 0))))
  return [
    'Vite dev server, first visit (fresh server and browser context; "warm" = Vite\'s dep cache present):',
    row('cold: installed', [run.cold.installed]),
    row('cold: linked', [run.cold.linked]),
    row('cold: bare msw worker', [run.cold.floor]),
    row('warm: installed', run.warm.installed),
    row('warm: linked', run.warm.linked),
    row('warm: bare msw worker', run.warm.floor),
    `  served beyond the floor's page (median of the rounds' differences): installed ${more('installed')}, linked ${more('linked')}`,
  ]
}

if (import.meta.main) {
  const run = await measureDevPages(Number(process.env.DEV_PAGE_ROUNDS ?? 5))
  for (const text of describeDevPages(run)) process.stdout.write(`${text}\n`)
  if (process.argv.includes('--files')) {
    for (const name of variants) {
      process.stdout.write(`  files served, last warm load of ${name}:\n`)
      for (const file of run.warm[name].at(-1)?.served ?? [])
        process.stdout.write(`    ${String(file.bytes).padStart(9)} ${file.url}\n`)
    }
  }
}
