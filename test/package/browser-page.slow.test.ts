import { beforeAll, describe, expect, it } from 'vitest'
import { bundleTarget, measureBundles, type BundleSizes } from '../../bench/bundle-size.ts'

// A production page that only calls `startWorker()` (Vite, minified: `npm run bench:bundle`
// builds the same pages), against a bare msw worker. Issue 29: at most 1.4× the floor, gzipped,
// at start. What the page loads before it runs is msw and the routes that hand requests to the
// mock (src/browser/start-worker.ts); the mock, with the store's seeds (faker's SimpleFaker and
// the word lists), loads while the worker registers (src/browser/worker-mock.ts).

let sizes: BundleSizes
beforeAll(async () => {
  sizes = await measureBundles()
}, 600_000)

const mockModule = /[\\/]dist[\\/]browser-mock-[\w-]+\.js$/

describe('a production page that starts the worker', () => {
  it(`loads at most ${bundleTarget}× a bare msw worker before it runs`, () => {
    expect(sizes.ratio).toBeLessThanOrEqual(bundleTarget)
  })

  it('loads the mock, with faker and the seeds, only once it starts the worker', () => {
    const holding = sizes.worker.chunks.filter((chunk) =>
      chunk.modules.some((id) => mockModule.test(id)),
    )
    // The mock is in the page, so the check below is not empty by accident.
    expect(holding.length).toBeGreaterThan(0)
    expect(holding.map((chunk) => [chunk.name, chunk.initial, chunk.started])).toEqual(
      holding.map((chunk) => [chunk.name, false, true]),
    )
  })
})
