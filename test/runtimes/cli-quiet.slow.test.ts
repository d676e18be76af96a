import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startCli, waitFor } from '../support/index.ts'

// `--quiet` leaves stdout empty (no banner, no request log, no stop lines); errors still reach
// stderr.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('restapi-mock --quiet', () => {
  it('serves and stops with nothing on stdout', async () => {
    const port = await freePort()
    const run = startCli(['--quiet', '--port', String(port)])
    const url = `http://127.0.0.1:${port}`
    // Nothing on stdout says it listens: it is asked until it answers.
    const settings = await waitFor(
      'the quiet command listening',
      () => fetch(`${url}/__mock/settings`).catch(() => undefined),
      10_000,
      50,
    )
    expect(settings.status).toBe(200)
    const answer = await fetch(`${url}/RestApi/comments-api/comments`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"Key":"no-such-key"}',
    })
    expect(answer.status).toBe(404)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(run.stdout()).toBe('')
    expect(run.stderr()).toBe('')
  })

  it('still says on stderr what stops it from starting', async () => {
    const run = startCli(['--quiet', '--port', 'nope'])
    expect(await run.exited).toBe(2)
    expect(run.stdout()).toBe('')
    expect(run.stderr()).toContain('--port')
  })
})
