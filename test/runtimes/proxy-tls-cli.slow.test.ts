import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, waitForStart } from '../support/index.ts'
import { startTlsUpstream, type TlsUpstream } from './tls-upstream.ts'

// Issue 16 on the command line (proxy-tls.test.ts has the rest): --proxy-insecure accepts an
// https upstream's self-signed certificate. The slow tier: it spawns the command.

let cms: TlsUpstream

beforeAll(async () => {
  cms = await startTlsUpstream()
}, 30_000)

afterAll(() => cms.close())

describe('an https upstream', () => {
  it('is accepted with --proxy-insecure on the command line', async () => {
    const run = startCli(['--port', '0', '--no-log', '--proxy', cms.url, '--proxy-insecure'])
    const origin = await waitForStart(run)
    expect(await (await fetch(`${origin}/elsewhere`)).text()).toBe('secure GET /elsewhere')
  })
})
