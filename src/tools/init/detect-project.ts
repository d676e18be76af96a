import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** What `restapi-mock init` found in a project, each part null where the project has none. */
export interface Project {
  readonly root: string
  readonly packageJson: { readonly path: string; readonly data: PackageJson }
  readonly vite: {
    readonly entry: string | null
    readonly publicDir: string
    /** vite.config.*, if the project has one. */
    readonly config: string | null
  } | null
  readonly storybook: {
    readonly main: string
    readonly preview: string | null
    readonly framework: string
  } | null
  /** Whether Vitest is there, and its own config if it has one (else it reads Vite's). */
  readonly vitest: { readonly config: string | null } | null
  readonly playwright: { readonly config: string; readonly testDir: string } | null
  /** Where msw's worker script goes, relative to the root, and whether package.json says so. */
  readonly worker: { readonly directory: string; readonly saved: boolean }
  /** The tsconfig whose `include` should name `.storybook/`, if any. */
  readonly tsconfig: string | null
}

interface PackageJson {
  readonly scripts?: Record<string, string>
  readonly config?: Record<string, unknown>
  readonly dependencies?: Record<string, string>
  readonly devDependencies?: Record<string, string>
  readonly msw?: { readonly workerDirectory?: string | readonly string[] }
}

const scriptExtensions = ['ts', 'mts', 'js', 'mjs', 'cts', 'cjs']

/** The first of `base.<ext>` that exists in `folder`. */
function firstOf(folder: string, base: string, extensions = scriptExtensions): string | null {
  for (const extension of extensions) {
    const path = join(folder, `${base}.${extension}`)
    if (existsSync(path)) return path
  }
  return null
}

/**
 * Looks at a project's folder: its package.json, and Vite, Storybook, Vitest and Playwright by
 * their configs (or, for Vite and Vitest, by the dependency). A string is the one sentence that
 * says why there is nothing to do.
 */
export function detectProject(root: string): Project | string {
  const packagePath = join(root, 'package.json')
  if (!existsSync(packagePath))
    return `there is no package.json in ${root}: run it in your project's folder`
  let data: PackageJson
  try {
    data = JSON.parse(readFileSync(packagePath, 'utf8')) as PackageJson
  } catch (error) {
    return `${packagePath} is not JSON (${(error as Error).message})`
  }
  const dependencies = { ...data.dependencies, ...data.devDependencies }
  const viteConfig = firstOf(root, 'vite.config')
  const vite =
    viteConfig || 'vite' in dependencies
      ? { entry: viteEntry(root), publicDir: publicDirOf(viteConfig), config: viteConfig }
      : null
  const storybook = storybookOf(root)
  const vitestConfig = firstOf(root, 'vitest.config')
  const vitest = vitestConfig !== null || 'vitest' in dependencies ? { config: vitestConfig } : null
  const playwrightConfig = firstOf(root, 'playwright.config')
  const playwright = playwrightConfig
    ? { config: playwrightConfig, testDir: testDirOf(playwrightConfig) }
    : null
  if (!vite && !storybook && !vitest && !playwright)
    return `found no Vite, Storybook, Vitest or Playwright config in ${root}, so there is nothing to set up: the README's recipes say what to write by hand`
  const saved = [data.msw?.workerDirectory ?? []].flat()
  const worker = saved[0]
    ? { directory: saved[0], saved: true }
    : { directory: vite?.publicDir ?? 'public', saved: false }
  const tsconfig = ['tsconfig.app.json', 'tsconfig.json']
    .map((name) => join(root, name))
    .find((path) => existsSync(path) && /"include"/.test(readFileSync(path, 'utf8')))
  return {
    root,
    packageJson: { path: packagePath, data },
    vite,
    storybook,
    vitest,
    playwright,
    worker,
    tsconfig: tsconfig ?? null,
  }
}

/** The module the app's index.html loads, as Vite serves it. */
function viteEntry(root: string): string | null {
  const html = join(root, 'index.html')
  if (!existsSync(html)) return null
  const script = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/i.exec(
    readFileSync(html, 'utf8'),
  )
  if (!script?.[1] || /^[a-z]+:/i.test(script[1])) return null
  const path = resolve(root, `.${script[1].startsWith('/') ? '' : '/'}${script[1]}`)
  return existsSync(path) ? path : null
}

/** Vite's `publicDir` when the config names one as a plain string, else `public`. */
function publicDirOf(config: string | null): string {
  const named = config && /\bpublicDir\s*:\s*['"]([^'"]+)['"]/.exec(readFileSync(config, 'utf8'))
  return named?.[1]?.replace(/^\.\//, '').replace(/\/$/, '') ?? 'public'
}

function storybookOf(root: string): Project['storybook'] {
  const folder = join(root, '.storybook')
  const main = firstOf(folder, 'main')
  if (!main) return null
  const named = /\bframework\s*:\s*(?:\{\s*name\s*:\s*)?['"]([^'"]+)['"]/.exec(
    readFileSync(main, 'utf8'),
  )
  return {
    main,
    preview: firstOf(folder, 'preview', ['ts', 'tsx', 'mts', 'js', 'jsx', 'mjs']),
    framework: named?.[1] ?? '@storybook/react-vite',
  }
}

/** Playwright's `testDir` when the config names one, else `tests`. */
function testDirOf(config: string): string {
  const named = /\btestDir\s*:\s*['"]([^'"]+)['"]/.exec(readFileSync(config, 'utf8'))
  const folder = resolve(dirname(config), named?.[1] ?? 'tests')
  return relative(dirname(config), folder) || '.'
}
