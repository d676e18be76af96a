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
 * Lets the event loop turn (promise callbacks, streams, I/O) until `check` holds, without moving
 * the fake clock; fails after `turns` turns. A bound in turns, not in time.
 */
export async function settleUntil<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  turns = 1000,
): Promise<T> {
  for (let turn = 0; turn <= turns; turn++) {
    const value = await check()
    if (value !== undefined) return value
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(
    `Failed to see ${what} within ${turns} turns of the event loop, the clock stopped`,
  )
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
