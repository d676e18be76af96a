import fc from 'fast-check'

// How much the fuzz properties run: a bounded number of cases in `npm test`, many more under
// `npm run fuzz` (bench/fuzz.ts sets the variables below).

function positiveInteger(name: string): number | undefined {
  const text = process.env[name]
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Failed to read ${name}: '${text}' is not a whole number of at least 1`)
  }
  return value
}

/** `FUZZ_RUNS` when set (npm run fuzz), else `fallback`, scaled by `share` (0 to 1). */
export function fuzzRuns(fallback: number, share = 1): number {
  const runs = positiveInteger('FUZZ_RUNS') ?? fallback
  return Math.max(1, Math.round(runs * share))
}

/**
 * The parameters of one fuzz property: its number of runs, `FUZZ_SEED` to replay a failure
 * (fast-check prints the seed and path), and `FUZZ_TIME_MS` to stop a long run early.
 */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  const seedText = process.env['FUZZ_SEED']
  const seed = seedText ? Number(seedText) : undefined
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error(`Failed to read FUZZ_SEED: '${seedText}' is not a whole number`)
  const timeLimit = positiveInteger('FUZZ_TIME_MS')
  return {
    numRuns,
    ...(seed === undefined ? {} : { seed }),
    ...(timeLimit === undefined
      ? {}
      : { interruptAfterTimeLimit: timeLimit, markInterruptAsFailure: false }),
  }
}

/**
 * Runs an async property and throws fast-check's report on failure. Under `npm run fuzz` it
 * prints one summary line per property (`fuzz: <name>: <runs> runs in <ms> ms`) for the script.
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncProperty<T>,
  numRuns: number,
): Promise<number> {
  const started = performance.now()
  const details = await fc.check(property, fuzzParameters(numRuns) as fc.Parameters<T>)
  const ms = Math.round(performance.now() - started)
  if (process.env['FUZZ_RUNS']) {
    const state = details.failed ? 'FAILED' : details.interrupted ? 'stopped at time limit' : 'ok'
    console.log(`fuzz: ${name}: ${details.numRuns} runs in ${ms} ms (${state})`)
  }
  if (details.failed) {
    // The report names the counterexample and seed; the error says what was wrong with it.
    const cause = details.errorInstance
    const reason = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)
    throw new Error(`${fc.defaultReportMessage(details)}\n\nGot: ${reason}`, { cause })
  }
  return details.numRuns
}
