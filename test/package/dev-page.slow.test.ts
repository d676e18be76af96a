import { beforeAll, describe, expect, it } from 'vitest'
import { measureDevPages, type DevPageRun } from '../../bench/dev-page.ts'

// The README's browser recipe in Vite's dev server, the package installed (Vite pre-bundles it),
// beside a page with a bare msw worker: what `npm run bench:browser` measures, one round. Issue
// 29: the entry adds at most 1 MB per page load. The bytes a dev server sends do not move from
// run to run; the times do, so none is asserted here.

let run: DevPageRun
beforeAll(async () => {
  run = await measureDevPages(1)
}, 600_000)

const limit = 1_000_000

describe('the installed browser entry in Vite’s dev server', () => {
  it('adds at most 1 MB to a page load, beyond a bare msw worker', () => {
    const [installed] = run.warm.installed
    const [floor] = run.warm.floor
    expect(installed && floor && installed.totalBytes - floor.totalBytes).toBeLessThanOrEqual(limit)
  })
})
