import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { applyEdits, modify, parse } from 'jsonc-parser'
import type { Project } from './detect-project.ts'
import { insertAfterImports, insertIntoObject } from './edit-source.ts'
import {
  browserStart,
  playwrightFixture,
  playwrightWebServer,
  storybookModule,
  storybookPreview,
  storybookStaticDirs,
} from './recipes.ts'

/** One thing init does: a file written (new or changed), or msw's own init run. */
export type InitStep =
  | {
      readonly kind: 'write'
      readonly path: string
      readonly before: string | null
      readonly after: string
      readonly why: string
    }
  | {
      readonly kind: 'msw-init'
      /** msw's CLI script, in the project's own node_modules. */
      readonly cli: string
      readonly directory: string
      readonly why: string
    }

/** What init will do, what it found already done, and what it leaves to the user. */
export interface InitPlan {
  readonly steps: readonly InitStep[]
  readonly done: readonly string[]
  readonly notes: readonly string[]
}

/** What `restapi-mock init` would change in a project; a string when it cannot go on. */
export function planInit(project: Project): InitPlan | string {
  const steps: InitStep[] = []
  const done: string[] = []
  const notes: string[] = []
  const at = (path: string): string => relative(project.root, path) || path
  const browser = project.vite !== null || project.storybook !== null
  let packageText = readFileSync(project.packageJson.path, 'utf8')
  const packageWhy: string[] = []

  if (browser) {
    const mswCli = mswCliOf(project.root)
    if (!mswCli)
      return 'msw is not installed in this project, and the browser and Storybook recipes need it: run npm i -D msw, then init again'
    const worker = join(project.root, project.worker.directory, 'mockServiceWorker.js')
    const current = existsSync(worker) ? readFileSync(worker, 'utf8') : null
    const shipped = readFileSync(join(dirname(mswCli), '../lib/mockServiceWorker.js'), 'utf8')
    if (current === shipped) done.push(`msw's worker script is in ${at(worker)}`)
    else
      steps.push({
        kind: 'msw-init',
        cli: mswCli,
        directory: project.worker.directory,
        why: `msw's worker script, ${current === null ? 'written' : 'brought up to date'} in ${project.worker.directory}/ by msw's own init`,
      })
    if (!project.worker.saved) {
      packageText = editJson(packageText, ['msw', 'workerDirectory'], [project.worker.directory])
      packageWhy.push('msw.workerDirectory, so that msw updates the worker script with msw')
    }
  }

  if (project.vite?.entry) {
    const entry = project.vite.entry
    const source = readFileSync(entry, 'utf8')
    if (source.includes('restapi-mock/browser'))
      done.push(`${at(entry)} starts the mock in development`)
    else
      steps.push({
        kind: 'write',
        path: entry,
        before: source,
        after: insertAfterImports(source, browserStart),
        why: 'the mock starts in the page in development only (nothing of it reaches a production build)',
      })
  } else if (project.vite) {
    notes.push(
      "found no module script in index.html: start the mock in your app's entry as the README's browser recipe shows",
    )
  }

  const scripts = project.packageJson.data.scripts ?? {}
  if (scripts.mock === undefined) {
    packageText = editJson(packageText, ['scripts', 'mock'], 'restapi-mock')
    packageWhy.push('a "mock" script: npm run mock serves the mock on http://127.0.0.1:4000')
  } else if (scripts.mock.includes('restapi-mock')) done.push('package.json has a "mock" script')
  else notes.push(`package.json's "mock" script is your own (${scripts.mock}): kept as it is`)

  if (project.storybook) planStorybook(project, project.storybook, { steps, done, notes, at })
  if (project.playwright) planPlaywright(project, project.playwright, { steps, done, notes, at })
  if (project.vitest)
    notes.push(
      "Vitest: put the README's Vitest recipe (setupServer with createHandlers) in a setup file",
    )

  const packageBefore = readFileSync(project.packageJson.path, 'utf8')
  if (packageText !== packageBefore)
    steps.unshift({
      kind: 'write',
      path: project.packageJson.path,
      before: packageBefore,
      after: packageText,
      why: packageWhy.join('; '),
    })
  return { steps, done, notes }
}

interface Collect {
  readonly steps: InitStep[]
  readonly done: string[]
  readonly notes: string[]
  readonly at: (path: string) => string
}

function planStorybook(
  project: Project,
  storybook: NonNullable<Project['storybook']>,
  { steps, done, notes, at }: Collect,
): void {
  const folder = dirname(storybook.main)
  const module = join(folder, 'restapi-mock.ts')
  if (existsSync(module)) done.push(`${at(module)} is there`)
  else
    steps.push({
      kind: 'write',
      path: module,
      before: null,
      after: storybookModule(storybook.framework),
      why: "the mock's part of the Storybook preview: its worker, and each story's own data",
    })
  if (!storybook.preview) {
    steps.push({
      kind: 'write',
      path: join(folder, 'preview.ts'),
      before: null,
      after: storybookPreview(storybook.framework),
      why: 'a preview that spreads the mock in',
    })
  } else {
    const source = readFileSync(storybook.preview, 'utf8')
    if (source.includes('restapiMock')) done.push(`${at(storybook.preview)} spreads the mock in`)
    else {
      const spread = insertIntoObject(
        insertAfterImports(source, "import { restapiMock } from './restapi-mock'", false),
        /(?:const\s+\w+\s*(?::\s*Preview\s*)?=\s*|export\s+default\s+)\{/,
        '...restapiMock,',
      )
      if (spread === null)
        notes.push(
          `${at(storybook.preview)}: found no preview object; spread restapiMock from ./restapi-mock into it by hand`,
        )
      else
        steps.push({
          kind: 'write',
          path: storybook.preview,
          before: source,
          after: spread,
          why: "the preview spreads the mock's loader and beforeEach in",
        })
    }
  }
  const main = readFileSync(storybook.main, 'utf8')
  if (/\bstaticDirs\b/.test(main)) {
    if (main.includes(project.worker.directory))
      done.push(`${at(storybook.main)} serves the worker script`)
    else
      notes.push(
        `${at(storybook.main)} has its own staticDirs: add '../${project.worker.directory}' to them, where msw's worker script is`,
      )
  } else {
    const served = insertIntoObject(
      main,
      /(?:const\s+\w+\s*(?::\s*StorybookConfig\s*)?=\s*|export\s+default\s+)\{/,
      storybookStaticDirs(project.worker.directory),
    )
    if (served === null)
      notes.push(
        `${at(storybook.main)}: add ${storybookStaticDirs(project.worker.directory)} by hand`,
      )
    else
      steps.push({
        kind: 'write',
        path: storybook.main,
        before: main,
        after: served,
        why: "Storybook serves msw's worker script",
      })
  }
  if (project.tsconfig) {
    const text = readFileSync(project.tsconfig, 'utf8')
    const include = (parse(text) as { include?: string[] } | undefined)?.include ?? []
    if (include.some((entry) => entry.startsWith('.storybook')))
      done.push(`${at(project.tsconfig)} includes .storybook/`)
    else
      steps.push({
        kind: 'write',
        path: project.tsconfig,
        before: text,
        after: editJson(text, ['include'], [...include, '.storybook/*.ts']),
        why: "TypeScript checks the stories' typed parameters",
      })
  }
}

function planPlaywright(
  project: Project,
  playwright: NonNullable<Project['playwright']>,
  { steps, done, notes, at }: Collect,
): void {
  const fixture = join(dirname(playwright.config), playwright.testDir, 'mock-session.ts')
  if (existsSync(fixture)) done.push(`${at(fixture)} is there`)
  else
    steps.push({
      kind: 'write',
      path: fixture,
      before: null,
      after: playwrightFixture,
      why: 'the session fixture: each test in its own session of the one running mock',
    })
  const config = readFileSync(playwright.config, 'utf8')
  const devServer = project.vite ? { command: 'npm run dev', url: 'http://localhost:5173' } : null
  const entries = playwrightWebServer(devServer)
  if (config.includes('restapi-mock')) done.push(`${at(playwright.config)} starts the mock`)
  else if (/\bwebServer\b/.test(config))
    notes.push(
      `${at(playwright.config)} has its own webServer: add the mock to it by hand:\n${entries}`,
    )
  else {
    const started = insertIntoObject(config, /defineConfig\(\s*\{/, entries.trim())
    if (started === null) notes.push(`${at(playwright.config)}: add this by hand:\n${entries}`)
    else
      steps.push({
        kind: 'write',
        path: playwright.config,
        before: config,
        after: started,
        why: 'Playwright starts the mock (and the dev server) for the suite',
      })
  }
}

/** msw's CLI script as the project resolves msw, or null when msw is not installed there. */
function mswCliOf(root: string): string | null {
  try {
    const packagePath = createRequire(join(root, 'package.json')).resolve('msw/package.json')
    const cli = join(dirname(packagePath), 'cli/index.js')
    return existsSync(cli) ? cli : null
  } catch {
    return null
  }
}

/** A JSON (or JSONC) text with one value set, its layout and comments kept. */
function editJson(text: string, path: (string | number)[], value: unknown): string {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  '
  return applyEdits(
    text,
    modify(text, path, value, {
      formattingOptions: { insertSpaces: !indent.includes('\t'), tabSize: indent.length },
    }),
  )
}
