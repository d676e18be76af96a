// Times judged against a baseline measured in the same run, never against a wall clock: a
// loaded machine slows the baseline as much as the work it is compared with.

/** The fastest of `runs` runs of `work`, in ms, after one untimed run that warms it up. */
export async function fastestMs(work: () => unknown, runs = 3): Promise<number> {
  const [best = Number.POSITIVE_INFINITY] = await fastestInTurns([work], runs)
  return best
}

/**
 * The fastest run of each piece of work, in ms, taken in turns after one untimed run of each:
 * a machine that gets busier part way slows them all alike.
 */
export async function fastestInTurns(
  works: readonly (() => unknown)[],
  rounds = 3,
): Promise<number[]> {
  for (const work of works) await work()
  const best = works.map(() => Number.POSITIVE_INFINITY)
  for (let round = 0; round < rounds; round++) {
    for (const [index, work] of works.entries()) {
      const started = performance.now()
      await work()
      best[index] = Math.min(best[index] ?? Number.POSITIVE_INFINITY, performance.now() - started)
    }
  }
  return best
}

export interface Growth {
  /** How many times longer the full size took than a sixteenth of it: linear is about 16. */
  readonly ratio: number
  /** Both times, for the failure message. */
  readonly summary: string
}

/**
 * How `work`'s time grows from `size / 16` to `size` (linear is about 16, quadratic 256). Each
 * size is the fastest of three runs, in turns after a warm-up, and the smaller counts as at
 * least `floorMs`: sub-millisecond times say more about caches and the collector than about the
 * algorithm.
 */
export async function growth(
  work: (size: number) => unknown,
  size: number,
  floorMs = 2,
): Promise<Growth> {
  const small = Math.floor(size / 16)
  const [smallMs = 0, largeMs = 0] = await fastestInTurns([() => work(small), () => work(size)])
  return {
    ratio: largeMs / Math.max(smallMs, floorMs),
    summary: `${small} in ${smallMs.toFixed(2)} ms, ${size} in ${largeMs.toFixed(2)} ms`,
  }
}

/** At most this many times the smaller size's time: four times linear, a quarter of quadratic. */
export const linearGrowthLimit = 64
