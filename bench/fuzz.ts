// `npm run fuzz`: the fuzz properties with many more cases than `npm test` runs, bounded in
// time. Five steps, each a Vitest child process of this Node:
//   1. test/robustness/fuzz-app.property.test.ts with FUZZ_RUNS cases (app.request, and a third
//      of them through msw's getResponse), stopped gracefully by fast-check at its time share;
//   2. test/robustness/fuzz-bounded.property.test.ts (warning floods and control-plane
//      sequences) with FUZZ_RUNS scaled down there, stopped the same way at its time share;
//   3. test/robustness/parsers.property.test.ts with FUZZ_RUNS cases per property: the glob
//      matcher against a reference, the XML scan against fast-xml-parser, the CSV width check
//      against csv-parse, readXml on hostile text;
//   4. test/robustness/fuzz-fallbacks.property.test.ts (issue 26): requests that fall through
//      to a replay and to the proxy, whose upstream (test/support/fake-upstream.ts) runs in the
//      Vitest process on 127.0.0.1, through app.request, the Node server and msw, each property
//      stopped at its time share;
//   5. test/formats/roundtrip.property.test.ts, whose properties run 200 cases each, repeated
//      with fresh seeds (`--repeats`) in chunks until as many cases ran or the time is up.
// Options: `npm run fuzz -- --runs 20000 --minutes 5 --seed 123` (or FUZZ_RUNS, FUZZ_MINUTES,
// FUZZ_SEED). A failure prints fast-check's counterexample and seed; the exit code is 1.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env['FUZZ_RUNS'] ?? '20000' },
    minutes: { type: 'string', default: process.env['FUZZ_MINUTES'] ?? '5' },
    seed: { type: 'string', default: process.env['FUZZ_SEED'] ?? '' },
  },
})
const runs = Number(values.runs)
const budgetMs = Number(values.minutes) * 60_000
if (!Number.isInteger(runs) || runs < 1 || !(budgetMs > 0)) {
  console.error(
    `Failed to start the fuzzing: --runs '${values.runs}' or --minutes '${values.minutes}' is not a positive number`,
  )
  process.exit(2)
}

const root = fileURLToPath(new URL('..', import.meta.url))
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url))
const appFile = 'test/robustness/fuzz-app.property.test.ts'
const boundedFile = 'test/robustness/fuzz-bounded.property.test.ts'
const parsersFile = 'test/robustness/parsers.property.test.ts'
/** The properties in the parsers file, which share its time. */
const parserProperties = 6
const fallbacksFile = 'test/robustness/fuzz-fallbacks.property.test.ts'
/** The properties in the fallbacks file, which share its time. */
const fallbackProperties = 3
const roundTripFile = 'test/formats/roundtrip.property.test.ts'
/** Cases per property in the round-trip file, fixed there. */
const roundTripCasesPerRepeat = 200
/** Repeats per Vitest run of the round-trip file: about 12 s on two cores. */
const repeatsPerChunk = 20
/** What a child may take beyond its share before it is stopped (start-up, shrinking). */
const graceMs = 60_000

interface ChildResult {
  readonly code: number | null
  readonly output: string
  readonly ms: number
  readonly killed: boolean
}

/** Runs Vitest on `args`, echoing its output, and stops its process group after `limitMs`. */
function runVitest(
  args: readonly string[],
  env: Record<string, string>,
  limitMs: number,
): Promise<ChildResult> {
  const started = performance.now()
  const child = spawn(process.execPath, [vitest, 'run', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  let killed = false
  const keep = (chunk: Buffer, to: NodeJS.WriteStream): void => {
    output += chunk.toString()
    to.write(chunk)
  }
  child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout))
  child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr))
  const timer = setTimeout(() => {
    killed = true
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
  }, limitMs)
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output, ms: performance.now() - started, killed })
    })
  })
}

const started = performance.now()
const remaining = (): number => budgetMs - (performance.now() - started)
const summary: string[] = []
let failed = false

// 1. The app and msw fuzzing: most of the time, shared between its two properties.
const appShareMs = Math.round(budgetMs * 0.4)
const app = await runVitest(
  [appFile, '--testTimeout', String(appShareMs + graceMs), '--reporter', 'dot'],
  {
    FUZZ_RUNS: String(runs),
    FUZZ_TIME_MS: String(Math.round(appShareMs / 2)),
    ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  },
  appShareMs + graceMs,
)
/** The summary of one step: its state and time, then each property's `fuzz:` line. */
function stepSummary(file: string, result: ChildResult): string[] {
  // eslint-disable-next-line no-control-regex -- Vitest colours its output: strip the escapes.
  const plain = result.output.replace(/\u001b\[[0-9;]*m/g, '')
  const lines = [...plain.matchAll(/fuzz: (.+: \d+ runs in \d+ ms \(.+\))$/gm)].map(
    (match) => `  ${match[1] ?? ''}`,
  )
  const state = result.code === 0 ? 'passed' : result.killed ? 'STOPPED (time limit)' : 'FAILED'
  return [`${file}: ${state} in ${(result.ms / 1000).toFixed(1)} s`, ...lines]
}

failed ||= app.code !== 0
summary.push(...stepSummary(appFile, app))

// 2. Warning floods and control-plane sequences (issue 13): their own share, two properties.
const boundedShareMs = Math.round(budgetMs * 0.12)
const bounded = await runVitest(
  [boundedFile, '--testTimeout', String(boundedShareMs + graceMs), '--reporter', 'dot'],
  {
    FUZZ_RUNS: String(runs),
    FUZZ_TIME_MS: String(Math.round(boundedShareMs / 2)),
    ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  },
  boundedShareMs + graceMs,
)
failed ||= bounded.code !== 0
summary.push(...stepSummary(boundedFile, bounded))

// 3. The scanners and the glob matcher against their oracles: a tenth of the time.
const parsersShareMs = Math.round(budgetMs * 0.08)
const parsers = await runVitest(
  [parsersFile, '--testTimeout', String(parsersShareMs + graceMs), '--reporter', 'dot'],
  {
    FUZZ_RUNS: String(runs),
    FUZZ_TIME_MS: String(Math.max(1000, Math.round(parsersShareMs / parserProperties))),
    ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  },
  parsersShareMs + graceMs,
)
failed ||= parsers.code !== 0
summary.push(...stepSummary(parsersFile, parsers))

// 4. What falls through to a replay and to the proxy (issue 26): a tenth of the time.
const fallbacksShareMs = Math.round(budgetMs * 0.1)
const fallbacks = await runVitest(
  [fallbacksFile, '--testTimeout', String(fallbacksShareMs + graceMs), '--reporter', 'dot'],
  {
    FUZZ_RUNS: String(runs),
    FUZZ_TIME_MS: String(Math.max(1000, Math.round(fallbacksShareMs / fallbackProperties))),
    ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
  },
  fallbacksShareMs + graceMs,
)
failed ||= fallbacks.code !== 0
summary.push(...stepSummary(fallbacksFile, fallbacks))

// 5. The round trips and readers of every codec, in chunks of fresh seeds.
const roundTripRepeats = Math.max(1, Math.ceil(runs / roundTripCasesPerRepeat))
let repeatsDone = 0
let roundTripMs = 0
let roundTripState = 'passed'
while (repeatsDone < roundTripRepeats) {
  if (remaining() < 15_000) {
    roundTripState = 'stopped at the time limit'
    break
  }
  const chunk = Math.min(repeatsPerChunk, roundTripRepeats - repeatsDone)
  // `--repeats n` runs every test n + 1 times, each fast-check property with a new seed.
  const result = await runVitest(
    [
      roundTripFile,
      '--repeats',
      String(chunk - 1),
      '--reporter',
      'dot',
      '--testTimeout',
      String(Math.round(remaining())),
    ],
    {},
    Math.max(remaining(), 15_000) + graceMs,
  )
  roundTripMs += result.ms
  if (result.code !== 0) {
    failed = true
    roundTripState = result.killed ? 'STOPPED (time limit)' : 'FAILED'
    break
  }
  repeatsDone += chunk
}
summary.push(
  `${roundTripFile}: ${roundTripState} in ${(roundTripMs / 1000).toFixed(1)} s`,
  `  ${repeatsDone * roundTripCasesPerRepeat} cases per property (${repeatsDone} repeats of ${roundTripCasesPerRepeat})`,
)

console.log(
  `\nFuzzing summary (${runs} runs asked, ${values.minutes} min budget, ${((performance.now() - started) / 1000).toFixed(1)} s used)`,
)
for (const text of summary) console.log(text)
console.log(failed ? 'FAILED' : 'ok')
process.exit(failed ? 1 : 0)
