import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { describe, expect, it, onTestFinished } from 'vitest'
import { commentKey, commentsPath, projectRoot } from '../support/index.ts'
import { createStore } from '../../src/mock/index.ts'

// The command tracks the answers under way for a graceful stop (track-requests.ts). Kept in a
// V8 Set, every answer that took a few ms (a proxied one, a delayed one) stayed alive past the
// young generation: about 3 KB a request promoted to the old one under load, then collected
// there, which cost the proxy a tenth of its throughput (docs/performance.md, "The proxy").
// Measured as V8 reports it for each scavenge (`--trace-gc-nvp`: `promoted=` bytes).

/** Runs the command under `--trace-gc-nvp`; resolves with its origin and its output so far. */
async function startTraced(
  args: readonly string[],
): Promise<{ origin: string; out: () => string }> {
  const child = spawn(process.execPath, ['--trace-gc-nvp', 'src/tools/cli/start.ts', ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  onTestFinished(() => {
    child.kill('SIGKILL')
  })
  let text = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  const origin = await new Promise<string>((resolve, reject) => {
    const check = (): void => {
      const match = /serving \/RestApi on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)
      if (match?.[1]) {
        child.stdout.off('data', check)
        resolve(match[1])
      }
    }
    child.stdout.on('data', check)
    child.once('exit', (code) => reject(new Error(`Failed to start the command: exit ${code}`)))
  })
  return { origin, out: () => text }
}

function updates(origin: string, seconds: number): Promise<autocannon.Result> {
  const key = commentKey(createStore({ seed: 1 }))
  return autocannon({
    url: `${origin}${commentsPath}`,
    connections: 50,
    duration: seconds,
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ Key: key, Message: 'Held a few ms' }),
  })
}

/** The bytes each scavenge in `trace` promoted. */
function promotions(trace: string): number[] {
  return [...trace.matchAll(/ gc=s .*? promoted=(\d+)/g)].map((match) => Number(match[1]))
}

describe('the requests under way, tracked for a graceful stop', () => {
  it('are not kept alive past the young generation while they wait', async () => {
    // Each update held 5 ms (`--latency`), 50 at a time: as a proxied request waits for the
    // real host.
    const { origin, out } = await startTraced(['--port', '0', '--no-log', '--latency', '5'])
    // Idle first, as a server started before the first page loads: no event says when V8 has
    // moved the tracker's own table to the old generation, and only after that did a Set keep
    // what it held. Measured: loaded at once, a Set promoted about 15 bytes a request; after 4 s
    // idle, about 2,000.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    // Under steady load for a while: the young generation grows to its working size.
    await updates(origin, 3)
    const before = out().length
    const result = await updates(origin, 5)
    expect(result.non2xx + result.errors).toBe(0)
    const count = result.requests.total
    const promoted = promotions(out().slice(before))
    // Enough scavenges for the figure to mean something (the default young generation takes
    // about 1,000 of these requests between two).
    expect(promoted.length).toBeGreaterThanOrEqual(3)
    const perRequest = promoted.reduce((sum, bytes) => sum + bytes, 0) / count
    // With a Set: about 2,000 bytes a request; in a list: under a hundred.
    expect(perRequest).toBeLessThan(1000)
  }, 60_000)
})
