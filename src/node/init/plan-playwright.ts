import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Project } from './detect-project.ts'
import { insertIntoObject } from './edit-source.ts'
import type { Collect } from './init-step.ts'
import { playwrightFixture, playwrightWebServer } from './recipes.ts'

/** The Playwright recipe: the session fixture in its testDir, the mock in webServer. */
export function planPlaywright(
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
