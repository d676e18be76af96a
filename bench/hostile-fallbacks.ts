// Issue 26's attack run on the newest surface: the same normal clients as bench/hostile-load.ts
// (40 connections updating comments, here with a proxied or replayed read among their requests)
// beside hostile clients aimed at what falls through to the proxy or to a replay, against one mock
// process on 127.0.0.1 for a bounded time:
//   proxy phase (`--proxy` to the fake upstream of test/support, with `--record`): 10 MB and
//     100 MB downloads read whole, one left halfway, a gzip bomb recorded, form bodies and a
//     10 MB upload, senders trickling a 70 KB body, bad cookies, CR/LF in heads, the mock's own
//     controls, a fault rule on a proxied path, the upstream's own 5xx, breaks and late heads;
//   replay phase (`--replay` of the recording test/support/fake-recording.ts holds): login bodies
//     of 5 MB each with distinct content, form logins, a 1 MB binary answer, recorded 5xx and a
//     recorded failure, trickling senders, bad cookies, CR/LF, controls, a fault rule.
// Every hostile answer is judged by its case: a 5xx counts only when the mock did not mean it (a
// fault rule's status, the upstream's or the recording's own, a 502 when the upstream broke).
// The hostile clients run in a child process (this file, given its clients as JSON), so their
// own work never shows as the normal clients' latency.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Agent, request } from 'undici'
import { fakeRecording, recordedPaths } from '../test/support/fake-recording.ts'
import type { ReceivedLog } from '../test/support/fake-upstream.ts'
import { runLoad, type LoadRequest, type LoadResult } from './load.ts'
import { startServer, type ServerProcess } from './processes.ts'

export type FallbackPhase = 'proxy' | 'replay'

/** What the hostile clients of one phase met. */
export interface HostileTally {
  readonly requests: number
  /** 5xx answers their case did not mean, with an example of each kind. */
  readonly unexpected5xx: number
  /** Answers their case did not expect otherwise: a download cut short, a client-side failure. */
  readonly broken: number
  readonly examples: readonly string[]
  /** Requests per case, for the report. */
  readonly byCase: Readonly<Record<string, number>>
  /** The slowest hostile request with a 100 KB body, in ms (one slow sender must not hold it). */
  readonly slowestLargeBodyMs: number
}

export interface FallbackHostileRun {
  readonly phase: FallbackPhase
  /** The normal clients alone for a few seconds first: what this machine gives without attack. */
  readonly normalAlone: LoadResult
  readonly normal: LoadResult
  readonly hostile: HostileTally
  readonly peakRssMb: number
  readonly alive: boolean
  /** The mock's controls that reached the upstream (proxy phase; 0 for replay). */
  readonly leakedControls: number
  readonly leakExamples: readonly string[]
}

/** What one hostile request came to. */
interface Outcome {
  readonly status: number
  /** A 5xx this case means (a fault, the upstream's own, a break); others are unexpected. */
  readonly meant5xx?: boolean
  /** What went wrong other than a status, if anything: the run counts it as broken. */
  readonly broken?: string
  readonly detail?: string
}

type HostileCase = (url: string, agent: Agent) => Promise<Outcome>

const mb = 1024 * 1024
/** The longest any one hostile request may take before it is abandoned. */
const requestLimitMs = 60_000
/** The longest a set-up request or a probe may take: a frozen mock is not waited for. */
const probeLimitMs = 10_000

/** Reads an answer's body to the end, counting its bytes (never holding them). */
async function drain(body: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0
  for await (const chunk of body) bytes += chunk.length
  return bytes
}

async function send(
  agent: Agent,
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    /** Read only this many bytes, then leave. */
    leaveAfter?: number
  } = {},
): Promise<{ status: number; bytes: number; text: string; headers: Record<string, unknown> }> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), requestLimitMs)
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: (options.method ?? 'GET') as 'GET',
      headers: options.headers,
      body: options.body,
      signal: controller.signal,
    })
    if (options.leaveAfter !== undefined) {
      let bytes = 0
      for await (const chunk of response.body) {
        bytes += (chunk as Buffer).length
        if (bytes >= options.leaveAfter) break
      }
      response.body.destroy()
      return { status: response.statusCode, bytes, text: '', headers: response.headers }
    }
    const type = String(response.headers['content-type'] ?? '')
    if (
      /json|xml|text|jsv|csv/.test(type) &&
      Number(response.headers['content-length'] ?? 0) < mb
    ) {
      const text = await response.body.text()
      return { status: response.statusCode, bytes: text.length, text, headers: response.headers }
    }
    const bytes = await drain(response.body)
    return { status: response.statusCode, bytes, text: '', headers: response.headers }
  } finally {
    clearTimeout(timer)
  }
}

/** A raw exchange: `head` written as it is, then what the server answers before it closes. */
function raw(port: number, head: string, limitMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    const timer = setTimeout(() => socket.destroy(), limitMs)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      // One answer is enough: leave once its head and a little more have come.
      if (Buffer.concat(chunks).includes('\r\n\r\n')) socket.end()
    })
    socket.on('error', () => {})
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks).toString('latin1'))
    })
    socket.write(head)
  })
}

function statusOfRaw(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
}

/**
 * A sender that declares a 70 KB body and trickles it a byte every 250 ms until `until` (then
 * leaves): the server's read deadline may cut it off, which is what it should do.
 */
async function trickle(port: number, path: string, until: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    let answer = ''
    const timer = setInterval(() => {
      if (Date.now() > until || socket.destroyed) {
        clearInterval(timer)
        socket.destroy()
      } else socket.write('x')
    }, 250)
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.once('close', () => {
      clearInterval(timer)
      const status = statusOfRaw(answer)
      resolve({ status, meant5xx: false, detail: `trickle ${path}` })
    })
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n{"UserName":"`,
    )
  })
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }
const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
/** The mock's own controls, every way a request carries them. */
const controls = {
  'X-Mock-Session': 'hostile',
  Cookie: 'restapi-mock-session=hostile; ss-id=abc',
  Prefer: 'delay=1, return=minimal',
}
const badCookies = [
  'a=b; ; =; ;;',
  'restapi-mock-session=../x',
  `big=${'x'.repeat(6000)}`,
  'restapi-mock-session=s1; restapi-mock-session=s2',
  '\u00e9=\u00ff',
]
const crlfHeads = [
  'X-Evil: a\rb',
  'X-Evil: a\nSet-Cookie: injected=1',
  'X-Folded: a\r\n b',
  'Cookie: restapi-mock-session=s1\r\nCookie: restapi-mock-session=s2',
]

/** A case that passes when the answer is any status below 500. */
function below500(status: number, detail: string): Outcome {
  return { status, detail }
}

/** A download read whole: its size must be every byte. */
function download(megabytes: number): HostileCase {
  return async (url, agent) => {
    const { status, bytes } = await send(agent, `${url}/RestApi/huge?mb=${megabytes}`)
    const whole = bytes === megabytes * mb
    return {
      status,
      detail: `download ${megabytes} MB`,
      ...(status === 200 && !whole
        ? { broken: `${megabytes} MB download ended at ${bytes} bytes` }
        : {}),
    }
  }
}

function proxyCases(
  port: number,
  until: () => number,
  bombMb: number,
): Record<string, HostileCase> {
  let n = 0
  return {
    'download 10 MB': download(10),
    'download 100 MB (rarely)': async (url, agent) =>
      n++ % 8 === 0 ? download(100)(url, agent) : download(1)(url, agent),
    'leave a 100 MB download after 1 MB': async (url, agent) => {
      const { status } = await send(agent, `${url}/RestApi/huge?mb=100`, { leaveAfter: mb })
      return below500(status, 'left halfway')
    },
    'gzip bomb, recorded': async (url, agent) => {
      const { status, text } = await send(agent, `${url}/RestApi/gzip-bomb?mb=${bombMb}`, {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      return below500(status, `gzip bomb of ${bombMb} MB: ${text.slice(0, 160)}`)
    },
    'form login through the proxy': async (url, agent) => {
      const { status, text } = await send(agent, `${url}/RestApi/auth`, {
        method: 'POST',
        headers: form,
        body: 'UserName=editor&Password=secret',
      })
      return {
        status,
        detail: `form login: ${text.slice(0, 120)}`,
        ...(status !== 200 && status < 500 ? { broken: `form login answered ${status}` } : {}),
      }
    },
    'form with a method override': async (url, agent) => {
      const { status, text } = await send(agent, `${url}/RestApi/echo`, {
        method: 'POST',
        headers: form,
        body: 'X-HTTP-Method-Override=PUT&Name=x',
      })
      return below500(status, `override form: ${text.slice(0, 120)}`)
    },
    'upload 10 MB': async (url, agent) => {
      const { status } = await send(agent, `${url}/RestApi/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: Buffer.alloc(10 * mb, 1),
      })
      return below500(status, 'upload 10 MB')
    },
    'trickling sender': () => trickle(port, '/RestApi/echo', Math.min(until(), Date.now() + 8000)),
    'bad cookies and 200 Set-Cookie': async (url, agent) => {
      const cookie = badCookies[n++ % badCookies.length] as string
      const { status, text } = await send(agent, `${url}/RestApi/cookies?n=200`, {
        headers: { Cookie: cookie },
      })
      return below500(status, `cookies ${cookie.slice(0, 40)}: ${text.slice(0, 80)}`)
    },
    'CR/LF in a head': async () => {
      const line = crlfHeads[n++ % crlfHeads.length] as string
      const answer = await raw(
        port,
        `GET /RestApi/pages/home HTTP/1.1\r\nHost: 127.0.0.1\r\n${line}\r\nConnection: close\r\n\r\n`,
      )
      return below500(statusOfRaw(answer), `CR/LF ${JSON.stringify(line)}`)
    },
    "the mock's controls": async (url, agent) => {
      const { status, text } = await send(
        agent,
        `${url}/RestApi/echo?__session=hostile&__delay=1&__code=404&__fault=x`,
        { headers: controls },
      )
      return below500(status, `controls: ${text.slice(0, 80)}`)
    },
    'a fault rule on a proxied path': async (url, agent) => {
      // The rule's own 503 is meant; the upstream answers 404 when the rule did not apply.
      const { status } = await send(agent, `${url}/RestApi/faulted/page`)
      return { status, meant5xx: status === 503, detail: 'fault rule /RestApi/faulted*' }
    },
    "the upstream's own 503": async (url, agent) => {
      const { status } = await send(agent, `${url}/RestApi/status/503`)
      return { status, meant5xx: status === 503, detail: 'upstream 503' }
    },
    'an answer that breaks off': async (url, agent) => {
      const after = [1000, 200_000, '200000&chunked'][n++ % 3]
      try {
        const { status, text } = await send(agent, `${url}/RestApi/break?after=${after}`)
        return {
          status,
          meant5xx: status === 502 && /BadGateway/.test(text),
          detail: `break after ${after}`,
        }
      } catch (error) {
        // Past the held bytes the head is sent already: the client's body is cut off, as meant.
        return { status: 200, detail: `break after ${after}: ${String(error)}` }
      }
    },
    'a head that comes late': async (url, agent) => {
      const { status, text } = await send(agent, `${url}/RestApi/slow-head?ms=2500`)
      // Past --proxy-timeout: a 504 GatewayTimeout since issue 40 (a 502 before).
      return {
        status,
        meant5xx: status === 504 && /GatewayTimeout/.test(text),
        detail: 'late head',
      }
    },
    'a redirect to another site': async (url, agent) => {
      const { status } = await send(
        agent,
        `${url}/RestApi/redirect?to=https%3A%2F%2Fevil.example%2F`,
      )
      return below500(status, 'redirect')
    },
    'a 100 KB body beside the slow senders': async (url, agent) => {
      const { status } = await send(agent, `${url}/RestApi/echo`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ Name: 'x'.repeat(100 * 1024) }),
      })
      return below500(status, 'large body')
    },
  }
}

function replayCases(port: number, until: () => number): Record<string, HostileCase> {
  let n = 0
  return {
    'login bodies of 5 MB, each distinct (4 at a time)': async (url, agent) => {
      // Each distinct, so a replay that kept what it was sent would grow by each (finding N2).
      const statuses = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const password = `${n++}-${Math.random()}`.padEnd(
            5 * mb,
            String.fromCharCode(97 + (n % 26)),
          )
          const { status } = await send(agent, `${url}${recordedPaths.login}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ UserName: 'editor', Password: password }),
          })
          return status
        }),
      )
      const status = Math.max(...statuses)
      // Past the 1 MiB body limit, as every other route (issue 26, point 7): a 413.
      const replayed = statuses.find((code) => code < 400)
      return {
        status,
        detail: `5 MB logins: ${statuses.join(', ')}`,
        ...(replayed === undefined
          ? {}
          : { broken: `a 5 MB body past the 1 MiB limit was answered ${replayed}` }),
      }
    },
    'form login replayed': async (url, agent) => {
      const { status, text } = await send(agent, `${url}${recordedPaths.form}`, {
        method: 'POST',
        headers: form,
        body: `UserName=editor&Password=${n++}`,
      })
      return {
        status,
        detail: `form login: ${text.slice(0, 120)}`,
        ...(status !== 200 && status < 500
          ? { broken: `replayed form login answered ${status}` }
          : {}),
      }
    },
    'JSON login replayed': async (url, agent) => {
      const { status, text } = await send(agent, `${url}${recordedPaths.login}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ UserName: 'editor', Password: `p${n++}` }),
      })
      return {
        status,
        detail: `login: ${text.slice(0, 120)}`,
        ...(status !== 200 && status < 500 ? { broken: `replayed login answered ${status}` } : {}),
      }
    },
    'a 1 MB binary answer': async (url, agent) => {
      const { status, bytes } = await send(agent, `${url}${recordedPaths.binary}`)
      return {
        status,
        detail: 'binary',
        ...(status === 200 && bytes !== mb ? { broken: `binary answer of ${bytes} bytes` } : {}),
      }
    },
    'recorded 5xx': async (url, agent) => {
      const path = n++ % 2 === 0 ? recordedPaths.unavailable : recordedPaths.error
      const { status } = await send(agent, `${url}${path}`)
      const recorded = path === recordedPaths.unavailable ? 503 : 500
      return { status, meant5xx: status === recorded, detail: `recorded ${recorded}` }
    },
    'a recorded failure': async (url, agent) => {
      try {
        const { status } = await send(agent, `${url}${recordedPaths.failed}`)
        return below500(status, 'recorded failure')
      } catch {
        return { status: 0, detail: 'recorded failure: the connection dropped, as recorded' }
      }
    },
    'trickling sender': () =>
      trickle(port, recordedPaths.login, Math.min(until(), Date.now() + 8000)),
    'bad cookies': async (url, agent) => {
      const cookie = badCookies[n++ % badCookies.length] as string
      const { status } = await send(agent, `${url}${recordedPaths.page}`, {
        headers: { Cookie: cookie },
      })
      return below500(status, `cookies ${cookie.slice(0, 40)}`)
    },
    'CR/LF in a head': async () => {
      const line = crlfHeads[n++ % crlfHeads.length] as string
      const answer = await raw(
        port,
        `GET ${recordedPaths.page} HTTP/1.1\r\nHost: 127.0.0.1\r\n${line}\r\nConnection: close\r\n\r\n`,
      )
      return below500(statusOfRaw(answer), `CR/LF ${JSON.stringify(line)}`)
    },
    "the mock's controls": async (url, agent) => {
      const { status } = await send(
        agent,
        `${url}${recordedPaths.page}?__session=hostile&__delay=1`,
        {
          headers: controls,
        },
      )
      return below500(status, 'controls')
    },
    'a fault rule on a replayed path': async (url, agent) => {
      const { status } = await send(agent, `${url}${recordedPaths.moved}`)
      return { status, meant5xx: status === 503, detail: 'fault rule on the replayed redirect' }
    },
    'a 100 KB body beside the slow senders': async (url, agent) => {
      const { status } = await send(agent, `${url}${recordedPaths.items}?a=1&b=2`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ Name: 'x'.repeat(100 * 1024) }),
      })
      return below500(status, 'large body')
    },
  }
}

/** Runs the cases round-robin on `workers` clients until `seconds` are up (each case bounded). */
async function runHostile(
  cases: Record<string, HostileCase>,
  url: string,
  seconds: number,
  workers: number,
): Promise<HostileTally> {
  const agent = new Agent({
    connections: workers * 2,
    headersTimeout: requestLimitMs,
    bodyTimeout: requestLimitMs,
    // Idle sockets let go after 1 s, far inside the server's 5 s keep-alive: on a loaded
    // machine the client's own timer can fire seconds late, and a request sent on a socket the
    // server is closing that moment fails with "other side closed" (HTTP/1.1's keep-alive race).
    keepAliveTimeout: 1000,
    keepAliveMaxTimeout: 1000,
  })
  const names = Object.keys(cases)
  const deadline = Date.now() + seconds * 1000
  const byCase: Record<string, number> = {}
  const examples = new Map<string, string>()
  let requests = 0
  let unexpected5xx = 0
  let broken = 0
  let slowestLargeBodyMs = 0
  let next = 0
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const name = names[next++ % names.length] as string
      const started = performance.now()
      let outcome: Outcome
      try {
        outcome = await (cases[name] as HostileCase)(url, agent)
      } catch (error) {
        outcome = { status: 0, broken: `${name}: ${String((error as Error).message ?? error)}` }
      }
      const ms = performance.now() - started
      if (name.startsWith('a 100 KB body')) slowestLargeBodyMs = Math.max(slowestLargeBodyMs, ms)
      requests++
      byCase[name] = (byCase[name] ?? 0) + 1
      if (outcome.status >= 500 && !outcome.meant5xx) {
        unexpected5xx++
        if (!examples.has(`5xx ${name}`))
          examples.set(`5xx ${name}`, `${name}: ${outcome.status} ${outcome.detail ?? ''}`)
      }
      if (outcome.broken) {
        broken++
        if (!examples.has(`broken ${name}`)) examples.set(`broken ${name}`, outcome.broken)
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  await agent.close()
  return {
    requests,
    unexpected5xx,
    broken,
    examples: [...examples.values()],
    byCase,
    slowestLargeBodyMs: Math.round(slowestLargeBodyMs),
  }
}

async function setUp(url: string, path: string, rule: object): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    signal: AbortSignal.timeout(probeLimitMs),
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  })
  if (response.status !== 201)
    throw new Error(
      `Failed to set up ${JSON.stringify(rule)}: ${response.status} ${await response.text()}`,
    )
}

function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/**
 * One phase: the fake upstream (proxy phase) in a process of its own, the mock as `npm start`
 * runs it, 40 normal clients and `workers` hostile ones for `seconds`.
 */
export async function runFallbackHostileLoad(
  phase: FallbackPhase,
  seconds: number,
  normalBody: string,
  options: { workers?: number; bombMb?: number } = {},
): Promise<FallbackHostileRun> {
  const dir = mkdtempSync(join(tmpdir(), 'hostile-fallbacks-'))
  const update: LoadRequest = {
    method: 'PUT',
    path: '/RestApi/comments-api/comments',
    headers: json,
    body: normalBody,
  }
  const probe = async (url: string): Promise<boolean> => {
    const response = await fetch(`${url}${update.path}`, {
      signal: AbortSignal.timeout(probeLimitMs),
      method: 'PUT',
      headers: json,
      body: normalBody,
    })
    await response.arrayBuffer()
    return response.ok
  }
  let upstream: ServerProcess | undefined
  let mock: ServerProcess | undefined
  try {
    const args = ['--max-semi-space-size=4', 'src/tools/cli/start.ts', '--port', '0', '--no-log']
    let normalRead: LoadRequest
    if (phase === 'proxy') {
      upstream = await startServer(
        'fake upstream',
        ['test/support/fake-upstream.ts'],
        async (url) =>
          (await fetch(`${url}/__upstream/received`, { signal: AbortSignal.timeout(probeLimitMs) }))
            .ok,
      )
      // The upstream gzips a bomb once per size: made here, so its first answer is not late.
      const bomb = await request(`${upstream.url}/RestApi/gzip-bomb?mb=${options.bombMb ?? 256}`)
      await drain(bomb.body)
      args.push(
        '--proxy',
        upstream.url,
        '--proxy-timeout',
        '2000',
        '--record',
        join(dir, 'recorded.har'),
      )
      normalRead = {
        method: 'GET',
        path: '/RestApi/pages/home',
        headers: { Accept: 'application/json' },
      }
    } else {
      writeFileSync(join(dir, 'fake.har'), JSON.stringify(fakeRecording(1024)))
      args.push('--replay', join(dir, 'fake.har'))
      normalRead = {
        method: 'GET',
        path: recordedPaths.page,
        headers: { Accept: 'application/json' },
      }
    }
    mock = await startServer(`mock (${phase})`, args, probe)
    if (phase === 'proxy')
      await setUp(mock.url, '/__mock/faults', { path: '/RestApi/faulted*', status: 503 })
    else await setUp(mock.url, '/__mock/faults', { path: recordedPaths.moved, status: 503 })
    const normalAlone = await runLoad(mock.url, [update, normalRead], 3, 40)
    const [normal, hostile] = await Promise.all([
      runLoad(mock.url, [update, normalRead], seconds, 40),
      hostileProcess({
        phase,
        url: mock.url,
        seconds,
        workers: options.workers ?? 6,
        bombMb: options.bombMb ?? 256,
      }),
    ])
    const peakRssMb = peakRss(mock.pid)
    const alive = await probe(mock.url).catch(() => false)
    let leakedControls = 0
    let leakExamples: string[] = []
    if (upstream) {
      const received = await fetch(`${upstream.url}/__upstream/received`, {
        signal: AbortSignal.timeout(probeLimitMs),
      })
      const log = (await received.json()) as ReceivedLog
      leakedControls = log.leakCount
      leakExamples = [...new Set(log.leaks.map((leak) => leak.control))]
    }
    return { phase, normalAlone, normal, hostile, peakRssMb, alive, leakedControls, leakExamples }
  } finally {
    await mock?.stop()
    await upstream?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

interface HostileClients {
  readonly phase: FallbackPhase
  readonly url: string
  readonly seconds: number
  readonly workers: number
  readonly bombMb: number
}

/** The hostile clients of a phase, for `seconds`, in this process. */
function runHostileClients({ phase, url, seconds, workers, bombMb }: HostileClients) {
  const port = Number(new URL(url).port)
  const deadline = Date.now() + seconds * 1000
  const cases =
    phase === 'proxy' ? proxyCases(port, () => deadline, bombMb) : replayCases(port, () => deadline)
  return runHostile(cases, url, seconds, workers)
}

/**
 * The hostile clients in a process of their own: building 5 MB bodies and reading 100 MB
 * downloads in the process that times the normal clients would count the client's own pauses
 * as the mock's latency. The child prints its tally as one JSON line; it is killed when late.
 */
function hostileProcess(clients: HostileClients): Promise<HostileTally> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(clients)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text))
  const timer = setTimeout(() => child.kill('SIGKILL'), (clients.seconds + 90) * 1000)
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      clearTimeout(timer)
      const line = out.trim().split('\n').at(-1) ?? ''
      try {
        resolve(JSON.parse(line) as HostileTally)
      } catch {
        reject(new Error(`Failed to run the hostile clients: exit ${code}, ${out.slice(-500)}`))
      }
    })
  })
}

if (import.meta.main) {
  const clients = JSON.parse(process.argv[2] ?? '{}') as HostileClients
  process.stdout.write(`${JSON.stringify(await runHostileClients(clients))}\n`)
  process.exit(0)
}
