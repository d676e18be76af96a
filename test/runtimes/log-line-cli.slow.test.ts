import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, commentsPath, startCli, waitFor, waitForStart } from '../support/index.ts'

// A log that cannot be forged (log-line.test.ts has the rest), on the command's own stdout. The
// slow tier: it spawns the command.

const clearScreen = '\u001b[2J'
const forgery = `x${clearScreen}\nPUT /RestApi/forged json 200 0.1ms`

describe('the command', () => {
  it('keeps a forged line and a screen clear out of stdout', async () => {
    const run = startCli(['--port', '0', '--default-format', 'json'])
    const origin = await waitForStart(run)
    const key = commentKey(createStore({ seed: 1 }))
    const response = await fetch(origin + commentsPath, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Rating: forgery }),
    })
    expect(response.status).toBe(200)
    await waitFor(
      'the request on stdout',
      () => (run.stdout().includes('PUT /RestApi/comments-api') ? true : undefined),
      10_000,
    )
    const logged = run
      .stdout()
      .split('\n')
      .filter((line) => line.includes('/RestApi/'))
    // The start line, then the request's one line: the forged one is part of it, escaped.
    expect(logged.filter((line) => line.startsWith('PUT /RestApi/'))).toHaveLength(1)
    expect(logged.some((line) => line.startsWith('PUT /RestApi/forged'))).toBe(false)
    expect(run.stdout()).not.toContain(clearScreen)
    expect(run.stdout()).toContain('x\\x1b[2J\\nPUT /RestApi/forged json 200 0.1ms')
  })
})
