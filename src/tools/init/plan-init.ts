import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { Project } from './detect-project.ts'
import { editJson, insertAfterImports } from './edit-source.ts'
import type { Collect, InitStep } from './init-step.ts'
import { planPlaywright } from './plan-playwright.ts'
import { planStorybook } from './plan-storybook.ts'
import { planVite } from './plan-vite.ts'
import { planVitest } from './plan-vitest.ts'
import { browserStart, devConfig } from './recipes.ts'

export type { InitStep } from './init-step.ts'

/** What init will do, what it found already done, and what it leaves to the user. */
export interface InitPlan {
  readonly steps: readonly InitStep[]
  readonly done: readonly string[]
  readonly notes: readonly string[]
}

/** What the user chose: the home that answers the app in development, and the ports. */
export interface InitChoices {
  readonly home: 'worker' | 'server'
  readonly mockPort: number
  readonly appPort: number
}

/**
 * The plan as it is being made: what the planners collected so far, and package.json's text
 * with the edits made to it (written as one step, first, with every reason).
 */
interface Draft extends Collect {
  packageText: string
  readonly packageWhy: string[]
}

/** What `restapi-mock init` would change in a project; a string when it cannot go on. */
export function planInit(project: Project, choices: InitChoices): InitPlan | string {
  const packageBefore = readFileSync(project.packageJson.path, 'utf8')
  const draft: Draft = {
    steps: [],
    done: [],
    notes: [],
    at: (path) => relative(project.root, path) || path,
    packageText: packageBefore,
    packageWhy: [],
  }
  const refused = planWorker(project, draft)
  if (refused !== null) return refused
  planEntry(project, draft)
  if (project.vite) planVite(project.vite, draft)
  planPackage(project, choices, draft)
  if (project.storybook) planStorybook(project, project.storybook, draft)
  if (project.playwright) planPlaywright(project.playwright, draft)
  if (project.vitest) planVitest(project, project.vitest, draft)

  const { steps, done, notes } = draft
  if (draft.packageText !== packageBefore)
    steps.unshift({
      kind: 'write',
      path: project.packageJson.path,
      before: packageBefore,
      after: draft.packageText,
      why: draft.packageWhy.join('; '),
    })
  return { steps, done, notes }
}

/**
 * msw's worker script, for the browser and Storybook recipes: written or brought up to date by
 * msw's own init, its folder saved in package.json. A string when a package they need is missing.
 */
function planWorker(project: Project, draft: Draft): string | null {
  const { steps, done, at } = draft
  if (project.storybook && !installed(project.root, 'msw-storybook-addon'))
    return "Storybook's preview needs msw-storybook-addon, which is not installed in this project: run npm i -D msw-storybook-addon, then init again (nothing was written)"
  if (project.vite === null && project.storybook === null) return null
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
    draft.packageText = editJson(
      draft.packageText,
      ['msw', 'workerDirectory'],
      [project.worker.directory],
    )
    draft.packageWhy.push('msw.workerDirectory, so that msw updates the worker script with msw')
  }
  return null
}

/** The app's entry (Vite's module script) starts the mock in development. */
function planEntry(project: Project, draft: Draft): void {
  const { steps, done, notes, at } = draft
  if (project.vite?.entry) {
    const entry = project.vite.entry
    const source = readFileSync(entry, 'utf8')
    if (/\bstartWorker\(/.test(source) && source.includes('restapi-mock/browser'))
      done.push(`${at(entry)} starts the mock in development`)
    else if (source.includes('restapi-mock/browser'))
      notes.push(
        `${at(entry)} imports restapi-mock/browser but never calls startWorker(): put the README's development-only start back, or remove the import and run init again`,
      )
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
}

/** package.json's config (the home and the ports) and its "mock" script. */
function planPackage(project: Project, choices: InitChoices, draft: Draft): void {
  const { done, notes } = draft
  const wanted = devConfig(choices)
  const config = project.packageJson.data.config ?? {}
  const changed = Object.entries(wanted).filter(([key, value]) => config[key] !== value)
  if (changed.length === 0)
    done.push(
      `package.json's config: the ${choices.home} home, the mock on ${choices.mockPort}, the app on ${choices.appPort}`,
    )
  else {
    for (const [key, value] of changed)
      draft.packageText = editJson(draft.packageText, ['config', key], value)
    draft.packageWhy.push(
      `config: the ${choices.home} home answers the app in development, the CLI on port ${choices.mockPort}, the app on ${choices.appPort} (the one place Vite, Playwright and npm run mock read them)`,
    )
  }

  const scripts = project.packageJson.data.scripts ?? {}
  if (scripts.mock === undefined) {
    draft.packageText = editJson(draft.packageText, ['scripts', 'mock'], 'restapi-mock')
    draft.packageWhy.push('a "mock" script: npm run mock serves the mock on config.mockPort')
  } else if (scripts.mock.includes('restapi-mock')) done.push('package.json has a "mock" script')
  else notes.push(`package.json's "mock" script is your own (${scripts.mock}): kept as it is`)
}

/** Whether a package is installed where the project's modules find it (its node_modules, up). */
function installed(root: string, name: string): boolean {
  for (let dir = root; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true
    if (dirname(dir) === dir) return false
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
