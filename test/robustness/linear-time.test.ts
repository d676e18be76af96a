import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { adversarialCases } from './adversarial-inputs.ts'
import type { Timing, TimingRequest } from './linear-time-worker.ts'

// Issue 13, "Linear-time parsing everywhere": every reader, header, query and path parser and
// every fault-rule pattern gets hostile inputs of 1 KB, 16 KB and 1 MiB (adversarial-inputs.ts),
// sent through the dispatch every runtime shares. The 1 MiB case must be answered within a
// second, and within 50 times the 16 KB case.
//
// How it stays steady on a busy two-core machine: each size is warmed up, then run several
// times and its fastest run kept; the 1 MiB case is run again (up to three times) only while it
// misses its bound. A ratio of two sub-millisecond times says more about caches and the garbage
// collector than about the algorithm (`new URL()` alone takes 0.2 ms on a 16 KB URL and 36 ms on
// a 1 MiB one), so the 16 KB time counts as at least 5 ms: a case is held to 50 times only once
// its 1 MiB time passes 250 ms. Anything quadratic fails the one-second bound at 1 MiB anyway.
//
// The cases run in a worker thread: a regex that backtracks for minutes cannot be interrupted
// on the test's own thread, but a worker can be terminated, so the old code fails in seconds.
// LINEAR_TIME_REPORT=1 prints every case's times.

const kib = 1024
const small = 1 * kib
const medium = 16 * kib
const large = 1024 * kib
const largeLimitMs = 1000
const ratioLimit = 50
const mediumFloorMs = 5
/** The most one case may take in the worker (all its runs) before the worker is stopped. */
const caseBudgetMs = 8000

let worker: Worker | undefined

function startWorker(): Worker {
  worker ??= new Worker(new URL('./linear-time-worker.ts', import.meta.url))
  return worker
}

function stopWorker(): void {
  void worker?.terminate()
  worker = undefined
}

afterAll(stopWorker)

type Reply = { readonly timings: Timing[] } | { readonly error: string }

/** The case's timings, or a timed-out marker when the worker did not answer within budget. */
async function measure(job: TimingRequest): Promise<Timing[] | 'timed out'> {
  const current = startWorker()
  const reply = await new Promise<Reply | 'timed out'>((resolve) => {
    const timer = setTimeout(() => resolve('timed out'), caseBudgetMs)
    current.once('message', (message: Reply) => {
      clearTimeout(timer)
      resolve(message)
    })
    current.postMessage(job)
  })
  if (reply === 'timed out') {
    stopWorker()
    return reply
  }
  if ('error' in reply) throw new Error(`Failed to time case ${job.index}: ${reply.error}`)
  return reply.timings
}

function timeOf(timings: Timing[] | 'timed out', size: number): number {
  if (timings === 'timed out') return Number.POSITIVE_INFINITY
  return timings.find((timing) => timing.size === size)?.ms ?? Number.POSITIVE_INFINITY
}

const report: string[] = []
afterAll(() => {
  if (process.env['LINEAR_TIME_REPORT']) console.log(report.join('\n'))
})

describe('hostile inputs of 1 KB to 1 MiB', () => {
  it.each(adversarialCases.map((testCase, index) => [testCase.name, index] as const))(
    '%s: 1 MiB within a second and within 50 times 16 KB',
    async (name, index) => {
      const common = { index, giveUpMs: largeLimitMs }
      const first = await measure({
        ...common,
        sizes: [small, medium],
        runs: 5,
        goodEnoughMs: 0,
        warmUp: true,
      })
      const mediumMs = timeOf(first, medium)
      const boundMs = Math.min(largeLimitMs, ratioLimit * Math.max(mediumMs, mediumFloorMs))
      const second =
        first === 'timed out' || mediumMs > largeLimitMs
          ? first
          : await measure({
              ...common,
              sizes: [large],
              runs: 3,
              goodEnoughMs: boundMs,
              warmUp: false,
            })
      const largeMs = timeOf(second, large)
      const status = second === 'timed out' ? 'timed out' : second[0]?.status
      report.push(
        `${name.padEnd(52)} ${timeOf(first, small).toFixed(2).padStart(9)} ${mediumMs.toFixed(2).padStart(9)} ${largeMs.toFixed(1).padStart(9)} ms  ${status}`,
      )
      const summary = `1 KB ${timeOf(first, small).toFixed(2)} ms, 16 KB ${mediumMs.toFixed(2)} ms, 1 MiB ${largeMs.toFixed(1)} ms`
      expect(timeOf(first, small), summary).toBeLessThan(largeLimitMs)
      expect(mediumMs, summary).toBeLessThan(largeLimitMs)
      expect(largeMs, summary).toBeLessThan(largeLimitMs)
      expect(largeMs, summary).toBeLessThanOrEqual(boundMs)
      // A 413 would mean the body never reached the reader: the case would prove nothing.
      expect(status).not.toBe(413)
      expect(status).toBeLessThan(500)
    },
    caseBudgetMs * 2 + 5000,
  )
})
