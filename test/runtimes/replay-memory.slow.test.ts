import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startCli, tempDir, waitForStart } from '../support/index.ts'
import { harEntry, harOf } from './replay-har.ts'

// Issue 26, point 7 (reliability N2): a replay kept every distinct body it was sent, so a
// recorded login with a redacted password grew by each attempt's body until the process died
// of heap OOM. Now each group of entries keeps one cursor, and the body limit holds.

const heapMb = 96
const savedOptions = process.env.NODE_OPTIONS
afterEach(() => {
  if (savedOptions === undefined) delete process.env.NODE_OPTIONS
  else process.env.NODE_OPTIONS = savedOptions
})

/** The resident set of a process on this (Linux) machine, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

describe('--replay under many large bodies', () => {
  it(`answers 200 distinct 1 MB bodies to a redacted entry within a ${heapMb} MB heap`, async () => {
    const file = join(tempDir(), 'login.har')
    const login = harEntry({
      method: 'POST',
      url: 'http://cms.example/RestApi/auth',
      body: { mimeType: 'application/json', text: '{"UserName":"a","Password":"<redacted>"}' },
      text: '{"UserName":"a"}',
    })
    writeFileSync(file, JSON.stringify(harOf(login)))
    // The heap is capped: a replay that kept the bodies would die of OOM half way.
    process.env.NODE_OPTIONS = `${savedOptions ?? ''} --max-old-space-size=${heapMb}`.trim()
    const run = startCli(['--port', '0', '--no-log', '--replay', file])
    const origin = await waitForStart(run)
    const pid = run.child.pid as number
    const padding = 'x'.repeat(1_000_000)
    const send = (i: number): Promise<Response> =>
      fetch(`${origin}/RestApi/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ UserName: 'a', Password: `${i}${padding}` }),
      })
    const statuses = new Set<number>()
    for (let i = 0; i < 20; i++) statuses.add((await send(i)).status)
    const warm = rssMb(pid)
    for (let i = 20; i < 200; i++) statuses.add((await send(i)).status)
    const after = rssMb(pid)
    console.log(
      `replay RSS: ${warm.toFixed(0)} MB after 20 bodies, ${after.toFixed(0)} MB after 200`,
    )
    expect([...statuses]).toEqual([200])
    expect(run.child.exitCode).toBeNull()
    // The bodies were 180 MB; what stays is the heap's own slack, not them.
    expect(after - warm).toBeLessThan(90)

    const tooLarge = await fetch(`${origin}/RestApi/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ UserName: 'a', Password: 'x'.repeat(5 * 1024 * 1024) }),
    })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toMatchObject({
      ResponseStatus: { ErrorCode: 'RequestEntityTooLarge' },
    })
  })
})
