import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { adversarialCases } from './adversarial-inputs.ts'
import type { Timing, TimingRequest } from './linear-time-worker.ts'

// Issue 13, "Linear-time parsing everywhere": every reader, header, query and path parser and
// every fault-rule pattern gets hostile inputs of 1 KiB, 64 KiB and 1 MiB (adversarial-inputs.ts),
// sent through the dispatch every runtime shares. The 1 MiB input, 16 times the 64 KiB one, may
// take at most 64 times as long (linear is 16, quadratic 256): a ratio of two times measured
// side by side, so a loaded machine slows both (issue 28). The documented promise, a 1 MiB input
// answered in well under a second, is held with a margin for a shared machine: 2 s. The slow
// tier, as it takes a minute or more.
//
// How it stays steady on a busy two-core machine: each size is warmed up, then run several
// times and its fastest run kept; the 1 MiB case is run again (up to three times) only while it
// misses its bound. A ratio of two sub-millisecond times says more about caches and the garbage
// collector than about the algorithm, so the 64 KiB time counts as at least 4 ms: a case is held
// to 64 times only once its 1 MiB time passes 256 ms.
//
// The cases run in a worker thread: a regex that backtracks for minutes cannot be interrupted
// on the test's own thread, but a worker can be terminated, so the old code fails in seconds.
// LINEAR_TIME_REPORT=1 prints every case's times.

const kib = 1024
const small = 1 * kib
const base = 64 * kib
const large = 1024 * kib
/** The documented second, doubled for a machine shared with other work. */
const largeLimitMs = 2000
const ratioLimit = 64
const baseFloorMs = 4
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

describe('hostile inputs of 1 KiB to 1 MiB', () => {
  it.each(adversarialCases.map((testCase, index) => [testCase.name, index] as const))(
    '%s: 1 MiB within 64 times 64 KiB, and within 2 s',
    async (name, index) => {
      const common = { index, giveUpMs: largeLimitMs }
      const first = await measure({
        ...common,
        sizes: [small, base],
        runs: 5,
        goodEnoughMs: 0,
        warmUp: true,
      })
      const baseMs = timeOf(first, base)
      const boundMs = ratioLimit * Math.max(baseMs, baseFloorMs)
      const second =
        first === 'timed out' || baseMs > largeLimitMs
          ? first
          : await measure({
              ...common,
              sizes: [large],
              runs: 3,
              goodEnoughMs: Math.min(boundMs, largeLimitMs),
              warmUp: false,
            })
      const largeMs = timeOf(second, large)
      const status = second === 'timed out' ? 'timed out' : second[0]?.status
      report.push(
        `${name.padEnd(52)} ${timeOf(first, small).toFixed(2).padStart(9)} ${baseMs.toFixed(2).padStart(9)} ${largeMs.toFixed(1).padStart(9)} ms  ${status}`,
      )
      const summary = `1 KiB ${timeOf(first, small).toFixed(2)} ms, 64 KiB ${baseMs.toFixed(2)} ms, 1 MiB ${largeMs.toFixed(1)} ms`
      expect(largeMs, summary).toBeLessThanOrEqual(boundMs)
      expect(largeMs, summary).toBeLessThan(largeLimitMs)
      // A 413 would mean the body never reached the reader: the case would prove nothing.
      expect(status).not.toBe(413)
      expect(status).toBeLessThan(500)
    },
    caseBudgetMs * 2 + 5000,
  )
})
