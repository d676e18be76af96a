import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

it('keeps serving, and stops cleanly, when its stdout and stderr are closed under it', async () => {
  const child = spawn(process.execPath, ['src/node/start.ts', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const firstLine = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  )
  const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(firstLine)?.[1] ?? ''
  // The parent goes away: every line the mock logs from now on hits a closed pipe.
  child.stdout.destroy()
  child.stderr.destroy()
  const statuses: number[] = []
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${url}/RestApi/no-such-route`)
    await response.arrayBuffer()
    statuses.push(response.status)
  }
  child.kill('SIGTERM')
  expect(statuses).toEqual(Array(20).fill(404))
  expect(await exited).toBe(0)
})
