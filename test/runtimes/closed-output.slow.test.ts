import { expect, it } from 'vitest'
import { startCli, waitForStart } from '../support/index.ts'

it('keeps serving, and stops cleanly, when its stdout and stderr are closed under it', async () => {
  const run = startCli(['--port', '0'])
  const url = await waitForStart(run)
  // The parent goes away: every line the mock logs from now on hits a closed pipe.
  run.child.stdout?.destroy()
  run.child.stderr?.destroy()
  const statuses: number[] = []
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${url}/RestApi/no-such-route`)
    await response.arrayBuffer()
    statuses.push(response.status)
  }
  run.child.kill('SIGTERM')
  expect(statuses).toEqual(Array(20).fill(404))
  expect(await run.exited).toBe(0)
})
