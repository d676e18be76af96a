import { describe, expect, it } from 'vitest'
import { rawRequest, startCli, waitFor, waitForStart } from '../support/index.ts'

// Local by default, on the command line (local-access.test.ts has the rest): the warning for
// 0.0.0.0, --allowed-hosts and --cors-origin. The slow tier: each test spawns the command.

const evil = 'https://evil.example'

describe('the command', () => {
  it('warns on stderr what listening on 0.0.0.0 makes reachable, and still checks the Host', async () => {
    const run = startCli(['--port', '0', '--host', '0.0.0.0'])
    const port = await waitFor(
      'the start line on 0.0.0.0',
      () => /serving \/RestApi on http:\/\/0\.0\.0\.0:(\d+)/.exec(run.stdout())?.[1],
      10_000,
    )
    expect(run.stderr()).toContain('restapi-mock: warning: listening on 0.0.0.0 makes the mock')
    expect(run.stderr()).toContain('control plane (/__mock')
    expect(run.stderr()).toContain('--allowed-hosts')
    const url = `http://127.0.0.1:${port}/__mock/settings`
    expect((await rawRequest(url, { method: 'GET' })).status).toBe(200)
    const other = await rawRequest(url, { method: 'GET', headers: { Host: `10.1.2.3:${port}` } })
    expect(other.status).toBe(403)
  })

  it('prints no warning on the default loopback address', async () => {
    const run = startCli(['--port', '0'])
    await waitForStart(run)
    expect(run.stderr()).toBe('')
  })

  it('serves the hosts of --allowed-hosts and the pages of --cors-origin', async () => {
    const run = startCli([
      '--port',
      '0',
      '--allowed-hosts',
      'mock.test,.example.com',
      '--cors-origin',
      'https://app.example',
    ])
    const origin = await waitForStart(run)
    const port = new URL(origin).port
    const named = await rawRequest(`${origin}/__mock/settings`, {
      method: 'GET',
      headers: { Host: `api.example.com:${port}`, Origin: 'https://app.example' },
    })
    expect(named.status).toBe(200)
    expect(named.headers['access-control-allow-origin']).toBe('https://app.example')
    const foreign = await rawRequest(`${origin}/__mock/settings`, {
      method: 'GET',
      headers: { Origin: evil },
    })
    expect(foreign.status).toBe(403)
    expect(run.stderr()).toBe('')
  })

  it.each([
    [['--allowed-hosts', 'http://mock.test'], "allowed host 'http://mock.test'"],
    [['--cors-origin', 'app.example'], "allowed origin 'app.example'"],
  ])('stops with a message for %j', async (args, named) => {
    const run = startCli(['--port', '0', ...args])
    expect(await run.exited).toBe(2)
    expect(run.stderr()).toContain(named)
  })
})
