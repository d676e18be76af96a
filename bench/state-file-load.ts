// The state file under write load, as issue 13 measured it: a big state (about 10 MB of JSON
// with the default 17,000 comments), 10 clients updating comments as fast as they are answered,
// then SIGTERM (or, with `sigkill`, kill -9) while they still write. Prints the server's peak
// RSS, the clients' latency, how long the stop took, its exit code, and how many acknowledged
// updates the file (and its change log, after a kill) lacks, with the oldest one's age.
//   npm run bench:state-file -- [comments=17000] [seconds=15] [clients=10] [sigterm|sigkill]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createStore } from '../src/mock/create-store.ts'
import { runCli, waitForStart } from '../test/support/cli.ts'
import { makeTempDir, removeTempDir } from '../test/support/temp-dir.ts'
import { diskMessages, startWriteLoad } from '../test/robustness/write-load.ts'

const [comments = 17_000, seconds = 15, clients = 10] = process.argv.slice(2, 5).map(Number)
const signal = process.argv[5] === 'sigkill' ? 'SIGKILL' : 'SIGTERM'
const dir = makeTempDir()
const path = join(dir, 'state.json')
const run = runCli([
  '--port',
  '0',
  '--no-log',
  '--counts',
  `comments=${comments}`,
  '--state-file',
  path,
])
const pid = run.child.pid as number

let peakKb = 0
const sampler = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
  } catch {
    // The process has ended.
  }
}, 50)

const url = await waitForStart(run, 120_000)
while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 20))
const idleKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
const keys = Array.from(createStore({ seed: 1, counts: { comments } }).state.comments.keys())
const started = performance.now()
const load = startWriteLoad(url, keys.slice(0, 1000), {
  tag: 'bench',
  clients,
  total: 10_000_000,
  pauseMs: 0,
})
await Promise.race([load.done, new Promise((resolve) => setTimeout(resolve, seconds * 1000))])
const ackedBeforeSignal = load.acked()
const signalled = performance.now()
const logsAtSignal = readdirSync(dir).filter((name) => name.endsWith('.log'))
run.child.kill(signal)
await load.stop()
const code = await run.exited
const stopMs = performance.now() - signalled
clearInterval(sampler)

const latencies: number[] = []
let missing = 0
let lastAcked = 0
let lost = 0
let oldestLostMs = 0
const text = existsSync(path) ? readFileSync(path, 'utf8') : ''
// The file and, after a kill, its change log; no file at all: every update is missing.
const inFile = text ? diskMessages(path) : new Map<string, string | null | undefined>()
for (const [key, writes] of load.sent) {
  const acked = writes.filter((write) => write.ackedAt !== undefined && write.ackedAt < signalled)
  for (const write of acked) latencies.push((write.ackedAt as number) - write.sentAt)
  const last = acked.at(-1)
  if (!last) continue
  lastAcked++
  const held = writes.findIndex((write) => write.message === inFile.get(key))
  const lastIndex = writes.indexOf(last)
  if (held < lastIndex) {
    missing++
    lost += lastIndex - held
    const firstLost = writes[held + 1]?.ackedAt ?? signalled
    oldestLostMs = Math.max(oldestLostMs, signalled - firstLost)
  }
}
latencies.sort((a, b) => a - b)
const percentile = (p: number): number => latencies[Math.floor((latencies.length - 1) * p)] ?? 0
const loadSeconds = (signalled - started) / 1000
console.log(
  [
    `state: ${comments} comments, file ${text ? (statSync(path).size / 1e6).toFixed(1) : '-'} MB`,
    `load: ${clients} clients for ${loadSeconds.toFixed(1)} s, ${ackedBeforeSignal} updates acknowledged before ${signal}, ${load.acked()} in all (${(load.acked() / loadSeconds).toFixed(0)}/s)`,
    `latency: p50 ${percentile(0.5).toFixed(1)} ms, p99 ${percentile(0.99).toFixed(1)} ms, max ${percentile(1).toFixed(1)} ms`,
    `server RSS after the first write, before the load: ${(idleKb / 1024).toFixed(0)} MB; peak (VmHWM): ${(peakKb / 1024).toFixed(0)} MB`,
    `${signal}: exit ${code} after ${stopMs.toFixed(0)} ms; logs at the signal: ${logsAtSignal.join(', ') || 'none'}`,
    `file: ${missing} of ${lastAcked} updated comments lack their last update acknowledged before the signal (${lost} updates lost, the oldest acknowledged ${oldestLostMs.toFixed(0)} ms before it)`,
    `left in the directory: ${readdirSync(dir).join(', ')}`,
    `stderr: ${run.stderr().trim() || '(empty)'}`,
  ].join('\n'),
)
removeTempDir(dir)
