import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { inlineSeedLocale, simpleFakerModule } from '../../tsdown.config.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

interface InitialGraph {
  /** Our own modules in the chunks the entry points import statically, relative to the root. */
  readonly modules: string[]
  /** The packages those chunks import statically. */
  readonly packages: string[]
}

// The browser-facing entry points as the package build bundles them (the seed locale inlined,
// faker's class taken from `#simple-faker`, every package left external), and what a page loads from them before it runs.
async function initialGraph(): Promise<InitialGraph> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    // Before Vite's own resolver, as in tsdown, where no other resolver runs first.
    plugins: [inlineSeedLocale(), { ...simpleFakerModule(), enforce: 'pre' }],
    build: {
      write: false,
      minify: false,
      lib: {
        entry: { handlers: 'handlers/index.ts', browser: 'src/browser/index.ts' },
        formats: ['es'],
      },
      rolldownOptions: {
        external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0'),
      },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const initial = new Set<Rolldown.OutputChunk>()
  const visit = (chunk: Rolldown.OutputChunk | undefined): void => {
    if (!chunk || initial.has(chunk)) return
    initial.add(chunk)
    for (const name of chunk.imports) visit(byName.get(name))
  }
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
  const list = [...initial]
  return {
    modules: list.flatMap((chunk) => Object.keys(chunk.modules)).map((id) => id.replace(root, '')),
    packages: list.flatMap((chunk) => chunk.imports).filter((name) => !byName.has(name)),
  }
}

describe('the browser entry points, as the package build bundles them', () => {
  it('load the dashboard, the OpenAPI document, the CSV and XML readers only on first use, and no faker locale', async () => {
    const { modules, packages } = await initialGraph()
    // What every page needs is there, so the lists below are not empty by accident.
    expect(modules).toContain('src/mock/create-mock.ts')
    expect(modules).toContain('seeds/seed-locale.ts')
    expect(packages).toEqual(expect.arrayContaining(['msw', '#simple-faker']))
    expect(
      modules.filter((id) =>
        /control\/(dashboard(\/[\w-]+)?|openapi|dto-schemas)\.ts$|formats\/(csv|xml)-read\.ts$/.test(
          id,
        ),
      ),
    ).toEqual([])
    expect(
      packages.filter((name) =>
        /^(csv-parse|fast-xml-parser|@faker-js\/faker\/locale\/)/.test(name),
      ),
    ).toEqual([])
  })

  it('take faker’s SimpleFaker class from its root entry point in a browser bundle', () => {
    // faker's base locale would bring its full class and every module (docs/performance.md).
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
      imports?: Record<string, unknown>
    }
    expect(manifest.imports?.['#simple-faker']).toEqual({
      browser: './dist/simple-faker.browser.js',
      default: './dist/simple-faker.js',
    })
    expect(readFileSync(`${root}seeds/simple-faker.browser.ts`, 'utf8')).toMatch(
      /^export \{ SimpleFaker \} from '@faker-js\/faker'$/m,
    )
  })
})
