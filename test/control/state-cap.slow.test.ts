import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentsPath, exitWithin, rawRequest, startCli, waitForStart } from '../support/index.ts'

// Issue 26, point 10: --max-state-bytes on the command line.

describe('the CLI: --max-state-bytes', () => {
  it('answers 507 InsufficientStorage to an update past the limit, and keeps the comment', async () => {
    const run = startCli(['--port', '0', '--no-log', '--max-state-bytes', '20000'])
    const url = await waitForStart(run, 20_000)
    const [key = ''] = createStore({ seed: 1 }).state.comments.keys()
    const put = (message: string) =>
      rawRequest(`${url}${commentsPath}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ Key: key, Message: message }),
      })
    const refused = await put('x'.repeat(30_000))
    expect(refused.status).toBe(507)
    expect(JSON.parse(refused.body).ResponseStatus.ErrorCode).toBe('InsufficientStorage')
    const state = await rawRequest(`${url}/__mock/state?kind=Comments&limit=1`, { method: 'GET' })
    expect(state.body).not.toContain('x'.repeat(100))
    expect((await put('Fits.')).status).toBe(200)
  })

  it('exits 2 naming the option when it is not a whole number', async () => {
    const run = startCli(['--port', '0', '--max-state-bytes', '64MB'])
    expect(await exitWithin(run, 15_000)).toBe(2)
    expect(run.stderr()).toContain('--max-state-bytes must be a whole number')
  })
})
