import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { inlineSeedLocale } from '../../tsdown.config.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

interface InitialGraph {
  /** Our own modules in the chunks the entry points import statically, relative to the root. */
  readonly modules: string[]
  /** The packages those chunks import statically. */
  readonly packages: string[]
}

// The browser-facing entry points as the package build bundles them (the seed locale inlined,
// every package left external), and what a page loads from them before it runs.
async function initialGraph(): Promise<InitialGraph> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [inlineSeedLocale()],
    build: {
      write: false,
      minify: false,
      lib: { entry: { handlers: 'handlers/index.ts', browser: 'src/browser.ts' }, formats: ['es'] },
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
  it('load the dashboard, the OpenAPI document, the CSV and XML readers and faker’s English locale only on first use', async () => {
    const { modules, packages } = await initialGraph()
    // What every page needs is there, so the lists below are not empty by accident.
    expect(modules).toContain('handlers/create-mock.ts')
    expect(modules).toContain('seeds/seed-locale.ts')
    expect(packages).toEqual(expect.arrayContaining(['msw', '@faker-js/faker/locale/base']))
    expect(
      modules.filter((id) =>
        /control\/(dashboard|dashboard-script|openapi|dto-schemas)\.ts$|formats\/(csv|xml)-read\.ts$/.test(
          id,
        ),
      ),
    ).toEqual([])
    expect(
      packages.filter((name) =>
        /^(csv-parse|fast-xml-parser|@faker-js\/faker\/locale\/en)/.test(name),
      ),
    ).toEqual([])
  })
})
