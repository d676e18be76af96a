import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { commentKey, startCli, waitForStart } from '../support/index.ts'

// `--auth off|claims|forms` (docs/decisions.md section 18): the command's own reading of it.

describe('--auth', () => {
  it('puts the login wall up: an anonymous update gets the Forms marker, a logged-in one passes', async () => {
    const run = startCli(['--port', '0', '--no-log', '--auth', 'forms'])
    const origin = await waitForStart(run)
    expect(run.stdout()).toContain('login wall (forms)')
    const put = (headers: Record<string, string>): Promise<Response> =>
      fetch(`${origin}/RestApi/comments-api/comments`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify({ Key: commentKey(createStore({ seed: 1 })), Message: 'cli' }),
      })
    const anonymous = await put({})
    expect(anonymous.status).toBe(500)
    expect(await anonymous.text()).toContain('..::login|session|expired::../Sitefinity/Login/Ajax')
    const ticket = (await (await fetch(`${origin}/__mock/login`, { method: 'POST' })).json()) as {
      Authorization: string
    }
    expect((await put({ Authorization: ticket.Authorization })).status).toBe(200)
  })

  it('stops with a message for a mode it does not know', async () => {
    const run = startCli(['--port', '0', '--auth', 'basic'])
    expect(await run.exited).toBe(2)
    expect(run.stderr()).toContain('--auth must be one of off, claims, forms')
  })
})
