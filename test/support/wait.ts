// Waiting in tests: every wait is bounded, and says what it waited for when it gives up.

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Milliseconds a promise took to settle (resolve or reject), with its outcome. */
export async function timed<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = performance.now()
  try {
    const value = await work()
    return { ms: performance.now() - start, value }
  } catch (error) {
    return { ms: performance.now() - start, error }
  }
}

/**
 * Polls until `check` returns (or resolves to) a value other than undefined, or fails after
 * `timeoutMs`. The deadline only stops a wait that would never end: it is no time limit.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 10,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (performance.now() > deadline)
      throw new Error(`Failed to see ${what} within ${timeoutMs} ms`)
    await delay(intervalMs)
  }
}
