import { parentPort } from 'node:worker_threads'
import { createMock } from '../../handlers/create-mock.ts'
import { createStore } from '../../src/mock/create-store.ts'
import { adversarialCases } from './adversarial-inputs.ts'

// Runs in a worker thread of linear-time.slow.test.ts, so that a case that hangs in a regex (which
// no test time-out can interrupt on the same thread) is stopped by terminating the worker.
// Asked for a case by its index and a list of sizes, it answers the best time of each size.

export interface TimingRequest {
  readonly index: number
  /** Sizes in characters, smallest first; each is run `runs` times and its fastest run kept. */
  readonly sizes: readonly number[]
  readonly runs: number
  /** A size is not run again once one run of it took longer than this, nor are larger ones. */
  readonly giveUpMs: number
  /** A size is not run again once one run of it took no longer than this. */
  readonly goodEnoughMs: number
  /** Runs the first two sizes once, untimed, before anything is timed. */
  readonly warmUp: boolean
}

export interface Timing {
  readonly size: number
  readonly ms: number
  readonly status: number
}

async function timeOnce(index: number, size: number): Promise<Timing> {
  const testCase = adversarialCases[index]
  if (!testCase) throw new Error(`Failed to time case ${index}: no such case`)
  // A fresh mock each run: a case that stores what it sent must not meet it again.
  const mock = createMock({ store: createStore({ seed: 1 }) })
  await testCase.setup?.(mock)
  const request = testCase.request(size)
  const started = performance.now()
  const response = await mock.dispatch(request)
  await response?.arrayBuffer()
  return { size, ms: performance.now() - started, status: response?.status ?? 404 }
}

async function timeCase(job: TimingRequest): Promise<Timing[]> {
  // Warm-up: the code paths are compiled before anything is timed.
  if (job.warmUp) for (const size of job.sizes.slice(0, 2)) await timeOnce(job.index, size)
  const timings: Timing[] = []
  for (const size of job.sizes) {
    let best: Timing | undefined
    for (let run = 0; run < job.runs; run++) {
      const timing = await timeOnce(job.index, size)
      if (!best || timing.ms < best.ms) best = timing
      if (timing.ms > job.giveUpMs || timing.ms <= job.goodEnoughMs) break
    }
    if (!best) break
    timings.push(best)
    if (best.ms > job.giveUpMs) break
  }
  return timings
}

parentPort?.on('message', (job: TimingRequest) => {
  timeCase(job).then(
    (timings) => parentPort?.postMessage({ timings }),
    (error: unknown) => parentPort?.postMessage({ error: String(error) }),
  )
})
