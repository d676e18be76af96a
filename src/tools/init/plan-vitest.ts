import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Project } from './detect-project.ts'
import { insertIntoObject } from './edit-source.ts'
import type { Collect } from './init-step.ts'
import { vitestConfig, vitestSetup } from './recipes.ts'

const setupName = 'vitest.setup.ts'

/** Vitest gets the README's recipe as a setup file, and the config line that loads it. */
export function planVitest(
  project: Project,
  vitest: NonNullable<Project['vitest']>,
  { steps, done, notes, at }: Collect,
): void {
  const setup = join(project.root, setupName)
  if (existsSync(setup)) done.push(`${at(setup)} is there`)
  else
    steps.push({
      kind: 'write',
      path: setup,
      before: null,
      after: vitestSetup,
      why: "Vitest's setup file: the mock answers the tests' fetch in process (msw's setupServer)",
    })
  if (!vitest.config) {
    const viteConfig = project.vite?.config ?? null
    steps.push({
      kind: 'write',
      path: join(project.root, 'vitest.config.ts'),
      before: null,
      after: vitestConfig(
        viteConfig && basename(viteConfig),
        setupName,
        project.playwright?.testDir ?? null,
      ),
      why: `Vitest loads the setup file${viteConfig ? ', on top of your Vite config' : ''}`,
    })
    return
  }
  const source = readFileSync(vitest.config, 'utf8')
  if (source.includes(setupName)) {
    done.push(`${at(vitest.config)} loads ${setupName}`)
    return
  }
  const line = `setupFiles: ['./${setupName}'],`
  const edited = /\bsetupFiles\b/.test(source)
    ? null
    : (insertIntoObject(source, /\btest\s*:\s*\{/, line) ??
      insertIntoObject(source, /defineConfig\(\s*\{/, `test: { ${line} },`))
  if (edited === null)
    notes.push(`${at(vitest.config)}: add './${setupName}' to test.setupFiles by hand`)
  else
    steps.push({
      kind: 'write',
      path: vitest.config,
      before: source,
      after: edited,
      why: 'Vitest loads the setup file',
    })
}
