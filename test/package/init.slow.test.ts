import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { browserStart } from '../../src/tools/init/recipes.ts'
import { consumerProject } from './consumer-project.ts'
import { buildApp, initApp, type InitApp } from './init-app.ts'

// `restapi-mock init` as a user runs it: the packed package installed in a scratch project, a
// Vite app there, `node_modules/.bin/restapi-mock init --yes` twice, then `vite build`. The
// production bundle must hold nothing of the mock; the development build must (so the markers
// below can tell). test/browser/init-page.test.ts opens the same app's dev server in Chromium.

let app: InitApp

beforeAll(async () => {
  app = await initApp(await consumerProject())
}, 600_000)

/** Every JavaScript file a build wrote, as one text. */
function scriptsOf(outDir: string): string {
  return readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.js') && entry.name !== 'mockServiceWorker.js',
    )
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

/** Strings only the mock's code holds: its errors, its session header, its worker's URL. */
const mockMarkers = ['ItemNotFoundException', 'X-Mock-Session', 'mockServiceWorker.js']

describe('restapi-mock init in a Vite app, from the installed package', () => {
  it('writes the worker script, the development-only start and the mock script', () => {
    expect(app.first.code, app.first.stdout + app.first.stderr).toBe(0)
    expect(app.first.stdout).toContain('Done: 4 changes.')
    expect(readFileSync(join(app.dir, 'vite.config.ts'), 'utf8')).toContain('restapiMock()')
    expect(readFileSync(join(app.dir, 'src/main.ts'), 'utf8')).toContain(browserStart)
    expect(readFileSync(join(app.dir, 'public/mockServiceWorker.js'), 'utf8')).toContain(
      'Mock Service Worker',
    )
    const pkg = JSON.parse(readFileSync(join(app.dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts.mock).toBe('restapi-mock')
  })

  it('changes nothing when run again', () => {
    expect(app.second.code).toBe(0)
    expect(app.second.stdout).toContain('Nothing to change: restapi-mock is set up here.')
  })

  it('leaves nothing of the mock in the production build, and all of it in development', async () => {
    const production = scriptsOf(await buildApp(app.dir, 'production'))
    const development = scriptsOf(await buildApp(app.dir, 'development'))
    expect(production).toContain('Edited in the dev server')
    for (const marker of mockMarkers) {
      expect(development, marker).toContain(marker)
      expect(production, marker).not.toContain(marker)
    }
    expect(production.length).toBeLessThan(5_000)
  }, 300_000)
})
