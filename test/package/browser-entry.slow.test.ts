import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { parseAst } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { consumerProject } from './consumer-project.ts'

// `restapi-mock/browser` as installed: pre-bundled (tsdown.config.ts, browserBuild), so a dev
// server that serves the package as it is (a linked or workspace package, or one in
// `optimizeDeps.exclude`) serves a handful of files for it, not one per source module and not
// faker's root entry point with every locale (issue 29: at most 5 files; docs/performance.md,
// "The browser", has the figures of `npm run bench:browser`).

interface ModuleImports {
  readonly staticImports: string[]
  readonly dynamicImports: string[]
}

interface SourceNode {
  readonly value?: unknown
  readonly quasis?: ReadonlyArray<{ value: { cooked?: string } }>
  readonly expressions?: readonly unknown[]
}

/** A string literal's text; the package's build writes some as template literals. */
function textOf(node: SourceNode): string | undefined {
  if (typeof node.value === 'string') return node.value
  return node.expressions?.length === 0 ? node.quasis?.[0]?.value.cooked : undefined
}

/** The specifiers a module imports, statically (import and export from) and with `import()`. */
function importsOf(code: string): ModuleImports {
  const staticImports: string[] = []
  const dynamicImports: string[] = []
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(visit)
    const record = node as { type?: string; source?: SourceNode }
    const source = record.source && textOf(record.source)
    if (typeof source === 'string') {
      if (record.type === 'ImportExpression') dynamicImports.push(source)
      else if (/^(Import|Export(Named|All))Declaration$/.test(record.type ?? ''))
        staticImports.push(source)
    }
    for (const value of Object.values(record)) visit(value)
  }
  visit(parseAst(code))
  return { staticImports, dynamicImports }
}

let packageDir: string
/** The package's files the entry loads at start, relative to the package, in load order. */
const atStart: string[] = []
/** The packages those files import. */
const packagesImported = new Set<string>()
/** Every file of the package reachable from the entry, lazily or not. */
const reachable = new Set<string>()

beforeAll(async () => {
  packageDir = join((await consumerProject()).dir, 'node_modules', 'restapi-mock')
  const walk = (file: string, lazy: boolean): void => {
    if (!lazy && atStart.includes(file)) return
    if (lazy && reachable.has(file)) return
    if (!lazy) atStart.push(file)
    reachable.add(file)
    const { staticImports, dynamicImports } = importsOf(
      readFileSync(join(packageDir, file), 'utf8'),
    )
    const resolve = (specifier: string): string | undefined => {
      if (specifier.startsWith('.'))
        return relative(packageDir, join(packageDir, dirname(file), specifier))
      packagesImported.add(specifier)
      return undefined
    }
    for (const specifier of staticImports) {
      const next = resolve(specifier)
      if (next) walk(next, lazy)
    }
    for (const specifier of dynamicImports) {
      const next = resolve(specifier)
      if (next) walk(next, true)
    }
  }
  walk('dist/browser.js', false)
}, 600_000)

describe('the browser entry point of the installed package', () => {
  it('loads at most 5 of its files at start', () => {
    expect(atStart[0]).toBe('dist/browser.js')
    expect(atStart.length).toBeLessThanOrEqual(5)
  })

  it('imports no package but msw, at start or later: the rest is bundled in', () => {
    expect([...packagesImported].sort()).toEqual(['msw', 'msw/browser'])
  })

  it('loads its lazy parts from files of their own, not from the files it loads at start', () => {
    const lazy = [...reachable].filter((file) => !atStart.includes(file))
    expect(lazy.length).toBeGreaterThan(0)
    for (const file of lazy) expect(file).toMatch(/^dist\/browser-[\w-]+\.js$/)
  })
})
