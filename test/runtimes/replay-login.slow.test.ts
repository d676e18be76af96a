import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import {
  exitWithin,
  listenOnLoopback,
  startCli,
  tempDir,
  waitForStart,
  type LoopbackServer,
} from '../support/index.ts'

// Issue 26, point 5: a login recorded through `--record` (its secrets redacted) works offline
// under `--replay`: sent with another password, in any of the formats the recorder redacts, it
// matches, and its session cookie comes back with its name, attributes and a stable value.

function startCms(): Promise<LoopbackServer> {
  return listenOnLoopback(async (request, response) => {
    for await (const _chunk of request) {
      // Read whole before answering.
    }
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Set-Cookie': ['ss-id=Zr4lQ9; Path=/; HttpOnly', 'ss-pid=k1; Path=/; Max-Age=3600'],
    })
    response.end(JSON.stringify({ UserName: 'bob', BearerToken: 'eyJ.real' }))
  })
}

const logins: readonly [string, string, (password: string) => string][] = [
  [
    'application/x-www-form-urlencoded',
    '/RestApi/auth/credentials',
    (password) => `UserName=bob&Password=${encodeURIComponent(password)}&RememberMe=true`,
  ],
  [
    'application/xml',
    '/RestApi/auth.xml',
    (password) =>
      `<Authenticate xmlns="http://schemas.servicestack.net/types"><Password>${password}</Password><UserName>bob</UserName></Authenticate>`,
  ],
  ['text/jsv', '/RestApi/auth.jsv', (password) => `{UserName:bob,Password:${password}}`],
  [
    'application/json',
    '/RestApi/auth.json',
    (password) => JSON.stringify({ UserName: 'bob', Password: password }),
  ],
]

async function login(
  origin: string,
  [type, path, body]: (typeof logins)[number],
  password: string,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: body(password),
  })
}

describe('a login recorded with --record, replayed with --replay', () => {
  it('matches another password and answers its cookies with a stable made-up value', async () => {
    const cms = await startCms()
    const file = join(tempDir(), 'login.har')
    const recording = startCli(['--port', '0', '--no-log', '--proxy', cms.url, '--record', file])
    const recordingOrigin = await waitForStart(recording)
    for (const kind of logins) expect((await login(recordingOrigin, kind, 'pw1')).status).toBe(200)
    const me = await fetch(`${recordingOrigin}/RestApi/me?access_token=T1&lang=en`)
    expect(me.status).toBe(200)
    recording.child.kill('SIGINT')
    expect(await exitWithin(recording, 10_000)).toBe(0)
    await cms.close()
    const har = JSON.parse(readFileSync(file, 'utf8')) as Har
    expect(JSON.stringify(har)).not.toContain('pw1')

    const cookiesOf = async (origin: string): Promise<string[][]> => {
      const seen: string[][] = []
      for (const kind of logins) {
        const answer = await login(origin, kind, 'another password')
        expect(answer.status).toBe(200)
        seen.push(answer.headers.getSetCookie())
      }
      return seen
    }
    const replaying = startCli(['--port', '0', '--no-log', '--replay', file])
    const origin = await waitForStart(replaying)
    const first = await cookiesOf(origin)
    for (const cookies of first) {
      expect(cookies).toHaveLength(2)
      expect(cookies[0]).toMatch(/^ss-id=[0-9a-f]{32}; Path=\/; HttpOnly$/)
      expect(cookies[1]).toMatch(/^ss-pid=[0-9a-f]{32}; Path=\/; Max-Age=3600$/)
    }
    expect(await cookiesOf(origin)).toEqual(first)
    const other = await fetch(`${origin}/RestApi/me?lang=en&access_token=T2`)
    expect(other.status).toBe(200)
    replaying.child.kill('SIGINT')
    expect(await exitWithin(replaying, 10_000)).toBe(0)

    // A restart of the same recording makes the same values.
    const again = startCli(['--port', '0', '--no-log', '--replay', file])
    expect(await cookiesOf(await waitForStart(again))).toEqual(first)
  })
})
