// Issue 26, point 1: large downloads through `--proxy`, one after another, while a client sends
// normal requests to the mock. By default 20 downloads each of 10, 100 and 300 MiB from a fake
// CMS on 127.0.0.1, every byte counted and hashed; first through the floor (a bare Node
// pass-through, test/runtimes/stream-floor.ts), then through the mock as `npm start` runs it.
// Prints for each: the downloads that came whole per size with their median and slowest time,
// the normal requests' p50, p99 and slowest, and the peak RSS. Exits 1 when a download is not
// whole or the mock's normal p99 is over 50 ms. `npm run bench:proxy-stream`;
// PROXY_STREAM_ROUNDS and PROXY_STREAM_SIZES (MiB, comma-separated) change the run.
import { createStore } from '../src/mock/create-store.ts'
import { runCli, stopCli, waitForStart } from '../test/support/cli.ts'
import {
  peakRssMb,
  percentile,
  runPlan,
  startDownloadUpstream,
  startFloor,
  type PlanOutcome,
} from '../test/runtimes/proxy-downloads.ts'
import { median } from './load.ts'

const rounds = Number(process.env.PROXY_STREAM_ROUNDS ?? 20)
const sizes = (process.env.PROXY_STREAM_SIZES ?? '10,100,300').split(',').map(Number)
const plan = sizes.flatMap((mb) => Array<number>(rounds).fill(mb))
const key = [...createStore({ seed: 1 }).state.comments.values()][0]?.Key ?? ''

function report(name: string, run: PlanOutcome, rssMb: number): void {
  for (const mb of sizes) {
    const at = plan.flatMap((size, i) => (size === mb ? [i] : []))
    const whole = at.filter((i) => run.outcomes[i] === `${mb} MiB whole`).length
    const times = at.map((i) => run.times[i] as number)
    process.stdout.write(
      `${name}: ${whole}/${at.length} downloads of ${mb} MiB whole, median ${Math.round(median(times))} ms, slowest ${Math.round(Math.max(...times))} ms\n`,
    )
  }
  const { latencies } = run
  process.stdout.write(
    `${name}: ${latencies.length} normal requests meanwhile, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, slowest ${Math.max(...latencies).toFixed(1)} ms; peak RSS ${rssMb.toFixed(0)} MB\n`,
  )
}

const upstream = await startDownloadUpstream()
let failed = false
try {
  const floor = await startFloor(upstream.url)
  try {
    report('floor', await runPlan(floor.origin, key, plan), peakRssMb(floor.pid))
  } finally {
    floor.stop()
  }
  const mock = runCli(['--port', '0', '--no-log', '--seed', '1', '--proxy', upstream.url])
  try {
    const origin = await waitForStart(mock)
    const run = await runPlan(origin, key, plan)
    report('mock', run, peakRssMb(mock.child.pid as number))
    failed =
      run.outcomes.some((outcome) => !outcome.endsWith(' whole')) ||
      percentile(run.latencies, 99) > 50
  } finally {
    stopCli(mock)
  }
} finally {
  await upstream.close()
}
if (failed) process.exitCode = 1
