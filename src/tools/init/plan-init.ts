import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { Project } from './detect-project.ts'
import { editJson, insertAfterImports } from './edit-source.ts'
import type { InitStep } from './init-step.ts'
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

/** What `restapi-mock init` would change in a project; a string when it cannot go on. */
export function planInit(project: Project, choices: InitChoices): InitPlan | string {
  const steps: InitStep[] = []
  const done: string[] = []
  const notes: string[] = []
  const at = (path: string): string => relative(project.root, path) || path
  const browser = project.vite !== null || project.storybook !== null
  let packageText = readFileSync(project.packageJson.path, 'utf8')
  const packageWhy: string[] = []

  if (project.storybook && !installed(project.root, 'msw-storybook-addon'))
    return "Storybook's preview needs msw-storybook-addon, which is not installed in this project: run npm i -D msw-storybook-addon, then init again (nothing was written)"
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

  if (project.vite) planVite(project.vite, { steps, done, notes, at })

  const wanted = devConfig(choices)
  const config = project.packageJson.data.config ?? {}
  const changed = Object.entries(wanted).filter(([key, value]) => config[key] !== value)
  if (changed.length === 0)
    done.push(
      `package.json's config: the ${choices.home} home, the mock on ${choices.mockPort}, the app on ${choices.appPort}`,
    )
  else {
    for (const [key, value] of changed) packageText = editJson(packageText, ['config', key], value)
    packageWhy.push(
      `config: the ${choices.home} home answers the app in development, the CLI on port ${choices.mockPort}, the app on ${choices.appPort} (the one place Vite, Playwright and npm run mock read them)`,
    )
  }

  const scripts = project.packageJson.data.scripts ?? {}
  if (scripts.mock === undefined) {
    packageText = editJson(packageText, ['scripts', 'mock'], 'restapi-mock')
    packageWhy.push('a "mock" script: npm run mock serves the mock on config.mockPort')
  } else if (scripts.mock.includes('restapi-mock')) done.push('package.json has a "mock" script')
  else notes.push(`package.json's "mock" script is your own (${scripts.mock}): kept as it is`)

  if (project.storybook) planStorybook(project, project.storybook, { steps, done, notes, at })
  if (project.playwright) planPlaywright(project.playwright, { steps, done, notes, at })
  if (project.vitest) planVitest(project, project.vitest, { steps, done, notes, at })

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
