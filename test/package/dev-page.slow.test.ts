import { beforeAll, describe, expect, it } from 'vitest'
import { measureDevPages, type DevPageRun } from '../../bench/dev-page.ts'

// The README's browser recipe in Vite's dev server, the package installed (Vite pre-bundles it),
// beside a page with a bare msw worker: what `npm run bench:browser` measures, one round. Issue
// 29 set 1 MB per page load; this round's features in the page (near misses and the real host's
// routes, the container info's strategies, ServiceStack.Text's decimal reader, the page's saved
// state and its dashboard channel) took it past that, and loading the near-miss search and the
// channel's answering half on first use did not bring it back: most of the growth is code the
// first answers run. So the bound is 1.2 MB (docs/performance.md, "2026-12-02: the rarely used
// parts on first use, still over"). The bytes a dev server sends do not move from run to run;
// the times do, so none is asserted here.

let run: DevPageRun
beforeAll(async () => {
  run = await measureDevPages(1)
}, 600_000)

const limit = 1_200_000

describe('the installed browser entry in Vite’s dev server', () => {
  it('adds at most 1.2 MB to a page load, beyond a bare msw worker', () => {
    const [installed] = run.warm.installed
    const [floor] = run.warm.floor
    expect(installed && floor && installed.totalBytes - floor.totalBytes).toBeLessThanOrEqual(limit)
  })
})
