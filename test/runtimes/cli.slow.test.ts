import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildHostApp, exitWithin, startCli, startServer, waitForStart } from '../support/index.ts'

// The command spawned: its options, its state, its exits. The slow tier: each test starts a
// process (http.test.ts keeps one such test in the fast tier).

describe('the CLI', () => {
  it('exits 0 on SIGTERM with a keep-alive connection open, sooner than it started', async () => {
    const spawned = performance.now()
    const run = startCli(['--port', '0'])
    const origin = await waitForStart(run)
    const startMs = performance.now() - spawned
    const response = await fetch(`${origin}/__mock/state`, {
      headers: { Connection: 'keep-alive' },
    })
    expect(response.status).toBe(200)
    await response.text()
    const signalled = performance.now()
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    // Against its own start, not a clock: waiting out the idle connection would take seconds.
    expect(performance.now() - signalled).toBeLessThan(startMs)
  })

  it('prints the usage and exits 0 for --help', async () => {
    const run = startCli(['--help'])
    expect(await exitWithin(run, 10_000)).toBe(0)
    expect(run.stdout()).toContain('Usage: restapi-mock')
    expect(run.stdout()).toContain('--default-format')
  })

  it('writes no CORS headers with --no-cors and says so in the start line', async () => {
    const run = startCli(['--port', '0', '--no-cors', '--strict'])
    const origin = await waitForStart(run)
    expect(run.stdout()).toContain('no CORS')
    expect(run.stdout()).toContain('strict')
    const response = await fetch(`${origin}/__mock/state`, {
      headers: { Origin: 'http://localhost:5173' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the same state as createStore({ seed: 1 }) by default, byte for byte', async () => {
    const run = startCli(['--port', '0'])
    const origin = await waitForStart(run)
    const served = await (await fetch(`${origin}/__mock/state`)).text()
    const local = await (
      await buildHostApp({ store: createStore({ seed: 1 }) }).app.request('/__mock/state')
    ).text()
    expect(served).toBe(local)
  })

  it('serves other data with --seed 7 than with seed 1', async () => {
    const one = startCli(['--port', '0', '--seed', '1'])
    const seven = startCli(['--port', '0', '--seed', '7'])
    const [oneOrigin, sevenOrigin] = await Promise.all([waitForStart(one), waitForStart(seven)])
    const stateOne = await (await fetch(`${oneOrigin}/__mock/state`)).text()
    const stateSeven = await (await fetch(`${sevenOrigin}/__mock/state`)).text()
    expect(stateSeven).not.toBe(stateOne)
    const local = await (
      await buildHostApp({ store: createStore({ seed: 7 }) }).app.request('/__mock/state')
    ).text()
    expect(stateSeven).toBe(local)
  })

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--default-format', 'pdf'], /--default-format must be one of/],
    [['--seed', 'x'], /--seed must be a whole number/],
    [['--no-such-option'], /no-such-option/],
    [['--prot', '4000'], /^restapi-mock: unknown option --prot; did you mean --port\?$/m],
    [['--on-miss', 'loud'], /--on-miss must be one of warn, error, off, got 'loud'/],
    [
      ['--auth', 'claim'],
      /--auth must be one of .*claims.*, got 'claim' \(did you mean claims\?\)/,
    ],
    [
      ['--default-format', 'jsn'],
      /--default-format must be one of .*, got 'jsn' \(did you mean json\?\)/,
    ],
    [
      ['--scenario', 'emtpy'],
      /\(did you mean 'empty'\?\); the scenarios are default, empty, large, edge-cases/,
    ],
  ])('exits with code 2 and a clear message for %j', async (args, message) => {
    // A valid --port 0 beside the bad option, so a wrongly accepted option cannot take a real port.
    const run = startCli(args.includes('--port') ? args : [...args, '--port', '0'])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(message)
    // One line and a pointer to --help, not the whole help that would scroll it away.
    expect(run.stderr()).not.toContain('Usage: restapi-mock')
    expect(run.stderr().trimEnd().split('\n').length).toBeLessThanOrEqual(3)
    expect(run.stdout()).not.toContain('serving')
  })

  it('says in at most three lines which option was meant for --prot 4000', async () => {
    const run = startCli(['--prot', '4000'])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toBe(
      "restapi-mock: unknown option --prot; did you mean --port?\nRun 'restapi-mock --help' for every option.\n",
    )
  })

  it('exits with code 2 when the port is in use', async () => {
    const server = await startServer()
    const run = startCli(['--port', String(server.port)])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toContain(`port ${server.port} is in use`)
  })
})
