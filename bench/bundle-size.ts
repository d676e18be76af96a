// `npm run bench:bundle` (and a section of `npm run bench`): the browser bundle of a page that
// only starts the worker, against the floor of a page that starts a bare msw worker with one
// handler. Both are built with Vite's JS API, minified, at Vite's default target, from the
// package as built for publishing (it is built first, so the figures are never stale): the
// page imports `restapi-mock/browser` through a node_modules link to this checkout, so the
// package's `exports` and `sideEffects` apply as they do for a user who installed it.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build as buildPackage } from 'tsdown'
import { build, type Rolldown } from 'vite'

/** One page's JavaScript: what it loads at start, and all of it including lazy chunks. */
export interface PageSize {
  /** The entry chunk and every chunk it imports statically, minified. */
  readonly initialMin: number
  /** The same, each chunk gzipped at level 9 and summed. */
  readonly initialGzip: number
  readonly totalMin: number
  readonly totalGzip: number
  /**
   * What the page has loaded once `startWorker()` resolves, gzipped: what it loads at start and
   * the mock, which `startWorker` fetches while the worker registers (src/browser/worker-mock.ts).
   */
  readonly startedGzip: number
  /** The chunks' file names with their minified sizes, largest first. */
  readonly chunks: ReadonlyArray<PageChunk>
}

export interface PageChunk {
  readonly name: string
  readonly min: number
  readonly gzip: number
  /** Loaded before the page runs. */
  readonly initial: boolean
  /** Loaded by the time `startWorker()` resolves (the initial ones too). */
  readonly started: boolean
  /** The modules bundled into it, as the page's bundler names them. */
  readonly modules: readonly string[]
}

/** Issue 29's target: the worker page at most this many times the floor, gzipped, at start. */
export const bundleTarget = 1.4

export interface BundleSizes {
  readonly worker: PageSize
  readonly floor: PageSize
  /** worker / floor, gzipped, initial chunks only. */
  readonly ratio: number
}

const root = fileURLToPath(new URL('..', import.meta.url))

const pages = {
  worker: ["import { startWorker } from 'restapi-mock/browser'", 'await startWorker()'].join('\n'),
  floor: [
    "import { setupWorker } from 'msw/browser'",
    "import { http, HttpResponse } from 'msw'",
    "await setupWorker(http.get('/x', () => HttpResponse.json({}))).start()",
  ].join('\n'),
} as const

/**
 * Builds the worker page and the floor page and returns their JavaScript sizes.
 * @example const { ratio } = await measureBundles()
 */
export async function measureBundles(): Promise<BundleSizes> {
  await buildPackage({ config: join(root, 'tsdown.config.ts'), cwd: root, logLevel: 'error' })
  if (!existsSync(join(root, 'dist', 'browser.js'))) {
    throw new Error('Failed to measure the bundle: the build wrote no dist/browser.js')
  }
  const dir = mkdtempSync(join(tmpdir(), 'restapi-mock-bundle-'))
  try {
    // As an install would lay it out: the package and its msw peer under node_modules.
    const modules = join(dir, 'node_modules')
    mkdirSync(modules)
    symlinkSync(root, join(modules, 'restapi-mock'), 'dir')
    symlinkSync(realpathSync(join(root, 'node_modules', 'msw')), join(modules, 'msw'), 'dir')
    const worker = await buildPage(dir, 'worker', pages.worker)
    const floor = await buildPage(dir, 'floor', pages.floor)
    return { worker, floor, ratio: worker.initialGzip / floor.initialGzip }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function buildPage(dir: string, name: string, code: string): Promise<PageSize> {
  const page = join(dir, name)
  mkdirSync(page)
  writeFileSync(join(page, 'main.js'), `${code}\n`)
  writeFileSync(
    join(page, 'index.html'),
    '<!doctype html>\n<script type="module" src="./main.js"></script>\n',
  )
  const result = await build({
    root: page,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, chunkSizeWarningLimit: Infinity },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const initial = reachedFrom(chunks, (chunk) => chunk.isEntry)
  const started = reachedFrom(
    chunks,
    (chunk) => chunk.isEntry || chunk.moduleIds.some((id) => /browser-worker-mock-/.test(id)),
  )
  const sized = chunks
    .map((chunk) => ({
      name: chunk.fileName,
      min: Buffer.byteLength(chunk.code),
      gzip: gzipSync(chunk.code, { level: 9 }).length,
      initial: initial.has(chunk.fileName),
      started: started.has(chunk.fileName),
      modules: chunk.moduleIds,
    }))
    .sort((a, b) => b.min - a.min)
  const sum = (list: typeof sized, key: 'min' | 'gzip'): number =>
    list.reduce((total, chunk) => total + chunk[key], 0)
  const loaded = sized.filter((chunk) => chunk.initial)
  return {
    initialMin: sum(loaded, 'min'),
    initialGzip: sum(loaded, 'gzip'),
    totalMin: sum(sized, 'min'),
    totalGzip: sum(sized, 'gzip'),
    startedGzip: sum(
      sized.filter((chunk) => chunk.started),
      'gzip',
    ),
    chunks: sized,
  }
}

/** The chunks `from` picks and everything they reach through static imports. */
function reachedFrom(
  chunks: readonly Rolldown.OutputChunk[],
  from: (chunk: Rolldown.OutputChunk) => boolean,
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const seen = new Set<string>()
  const visit = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    for (const next of byName.get(name)?.imports ?? []) visit(next)
  }
  for (const chunk of chunks) if (from(chunk)) visit(chunk.fileName)
  return seen
}

/** The bench's lines, in KB (1,000 bytes): both pages, then the ratio. */
export function describeBundles(sizes: BundleSizes): string[] {
  const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`
  const page = (label: string, size: PageSize): string =>
    `${label.padEnd(24)} ${kb(size.initialMin).padStart(9)} min ${kb(size.initialGzip).padStart(9)} gzip at start;  ${kb(size.totalMin).padStart(9)} min ${kb(size.totalGzip).padStart(9)} gzip with lazy chunks`
  return [
    'browser bundle (Vite, minified, gzip level 9; "at start" = the entry and its static imports, what the page loads before it runs):',
    page('  page: startWorker()', sizes.worker),
    page('  floor: bare msw worker', sizes.floor),
    `  ratio page/floor, gzipped at start: ${sizes.ratio.toFixed(2)}x`,
    `  page, loaded by the time startWorker() resolves (at start, then the mock while the worker registers): ${kb(sizes.worker.startedGzip)} gzip`,
  ]
}

if (import.meta.main) {
  const sizes = await measureBundles()
  for (const text of describeBundles(sizes)) process.stdout.write(`${text}\n`)
  const ok = sizes.ratio <= bundleTarget
  process.stdout.write(
    `  ${ok ? 'pass' : 'FALLS SHORT'}: page <= ${bundleTarget}x the floor (${sizes.ratio.toFixed(2)}x)\n`,
  )
  if (process.argv.includes('--chunks')) {
    for (const chunk of sizes.worker.chunks) {
      process.stdout.write(
        `    ${chunk.initial ? 'start' : chunk.started ? 'mock ' : 'lazy '} ${chunk.name.padEnd(44)} ${chunk.min} min ${chunk.gzip} gzip\n`,
      )
    }
  }
}
