import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Project } from './detect-project.ts'
import { insertAfterImports, insertIntoObject } from './edit-source.ts'
import type { Collect } from './init-step.ts'
import {
  playwrightBaseUrl,
  playwrightImport,
  playwrightSpec,
  playwrightWebServer,
} from './recipes.ts'

/**
 * The Playwright recipe: playwright.config starts the app's dev server (and the CLI in the
 * server home) and opens the app at its URL, both from package.json's config; a first test
 * imports the shipped fixture, `restapi-mock/playwright`.
 */
export function planPlaywright(
  playwright: NonNullable<Project['playwright']>,
  { steps, done, notes, at }: Collect,
): void {
  const spec = join(dirname(playwright.config), playwright.testDir, 'restapi-mock.spec.ts')
  if (existsSync(spec)) done.push(`${at(spec)} is there`)
  else
    steps.push({
      kind: 'write',
      path: spec,
      before: null,
      after: playwrightSpec,
      why: "a first test with the mock's fixture (restapi-mock/playwright): each test its own state",
    })
  const config = readFileSync(playwright.config, 'utf8')
  const hasBaseUrl = setsBaseUrl(config)
  const hasServers = config.includes('mockWebServer(')
  if (hasServers && hasBaseUrl) {
    done.push(`${at(playwright.config)} starts the mock's servers and sets use.baseURL`)
    return
  }
  let edited = config.includes(playwrightImport)
    ? config
    : insertAfterImports(config, playwrightImport, false)
  if (!hasServers) {
    if (/^\s*webServer\s*:/m.test(edited)) {
      notes.push(
        `${at(playwright.config)} has its own webServer: put mockWebServer() (from restapi-mock/playwright) in it, which starts the dev server and, in the server home, the CLI`,
      )
    } else {
      edited = insertIntoObject(edited, /defineConfig\(\s*\{/, playwrightWebServer) ?? edited
    }
  }
  if (!hasBaseUrl)
    edited =
      insertIntoObject(edited, /^\s*use\s*:\s*\{/m, playwrightBaseUrl) ??
      insertIntoObject(
        edited,
        /defineConfig\(\s*\{/,
        `use: { ${playwrightBaseUrl.replace(/,$/, '')} },`,
      ) ??
      edited
  if (!setsBaseUrl(edited) || edited === config) {
    notes.push(
      `${at(playwright.config)}: found no defineConfig({ ... }); add ${playwrightWebServer} and use: { ${playwrightBaseUrl} } by hand`,
    )
    return
  }
  steps.push({
    kind: 'write',
    path: playwright.config,
    before: config,
    after: edited,
    why: "Playwright starts the app's dev server (and the CLI in the server home) and opens the app at package.json's appPort",
  })
}

/** Whether a config sets `baseURL` (in a line that is not a comment). */
function setsBaseUrl(config: string): boolean {
  return config.split('\n').some((line) => !/^\s*\/\//.test(line) && /\bbaseURL\s*:/.test(line))
}
