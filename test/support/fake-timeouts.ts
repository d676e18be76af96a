import { onTestFinished, vi } from 'vitest'

// Delays, latency and aborts checked with setTimeout faked: the test moves the clock itself, so
// a loaded machine cannot make a check late. Date, performance and setImmediate stay real, and
// the event loop still turns: only the timers wait for the test.

/** Fakes setTimeout and clearTimeout until the test ends. */
export function fakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
}

/**
 * Lets the event loop turn (promise callbacks, streams, file I/O) until `check` holds, without
 * moving the fake clock. The real-time deadline only stops a wait that would never end: work
 * that waits on a timer never settles here, whatever the machine's load.
 */
export async function settleUntil<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (performance.now() > deadline)
      throw new Error(
        `Failed to see ${what} with the clock stopped (gave up after ${timeoutMs} ms)`,
      )
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Whether a promise has settled yet, asked at any moment. */
export function tracked<T>(promise: Promise<T>): {
  readonly promise: Promise<T>
  settled(): boolean
} {
  let settled = false
  promise.then(
    () => (settled = true),
    () => (settled = true),
  )
  return { promise, settled: () => settled }
}

/** The promise's value once it settles with the fake clock stopped: it waited on no timer. */
export async function settledWithoutTime<T>(what: string, promise: Promise<T>): Promise<T> {
  const watch = tracked(promise)
  await settleUntil(what, () => (watch.settled() ? true : undefined))
  return promise
}

/** Waits until `count` timers are armed (a delay has begun), the clock stopped. */
export async function timersArmed(what: string, count = 1): Promise<void> {
  await settleUntil(what, () => (vi.getTimerCount() >= count ? true : undefined))
}
