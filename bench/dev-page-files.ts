// The two scratch pages of `npm run bench:browser` (bench/dev-page.ts), written into the consumer
// project, where the packed package and msw are installed as a user has them.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** What a page reports once the first answer is in (`window.benchResult`). */
export interface PageResult {
  /** performance.now() when the first answer's body was read: ms since navigation started. */
  readonly answeredMs: number
  readonly status: number
}

export type PageName = 'mock' | 'floor'

// Both pages load their library the way the README's recipe does, with a dynamic import after
// the page's own module ran, then start the worker and send one request it answers.
const scripts: Record<PageName, string> = {
  mock: `const { startWorker } = await import('restapi-mock/browser')
const { store } = await startWorker()
const key = store.state.comments.keys().next().value
const response = await fetch('/RestApi/comments-api/comments', {
  method: 'PUT',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  body: JSON.stringify({ Key: key, Message: 'Edited in the dev page' }),
})
await response.text()
window.benchResult = { answeredMs: performance.now(), status: response.status }
`,
  floor: `const [{ setupWorker }, { http, HttpResponse }] = await Promise.all([
  import('msw/browser'),
  import('msw'),
])
await setupWorker(http.put('/x', () => HttpResponse.json({ ok: true }))).start({ quiet: true })
const response = await fetch('/x', { method: 'PUT', body: '{}' })
await response.text()
window.benchResult = { answeredMs: performance.now(), status: response.status }
`,
}

/**
 * Writes page `name` into `<dir>/bench-dev-page/<folder>/` (index.html, main.js, msw's worker
 * script in public/) and returns its path.
 */
export function writeDevPage(projectDir: string, name: PageName, folder: string): string {
  const root = join(projectDir, 'bench-dev-page', folder)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'public'), { recursive: true })
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html>\n<title>${name}</title>\n<script type="module" src="./main.js"></script>\n`,
  )
  writeFileSync(join(root, 'main.js'), scripts[name])
  copyFileSync(
    join(projectDir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'),
    join(root, 'public', 'mockServiceWorker.js'),
  )
  return root
}
