import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import {
  commentsPath,
  delay,
  exitWithin,
  rawRequest,
  startCli,
  tempDir,
  waitFor,
  waitForStart,
  type CliRun,
} from '../support/index.ts'
import { diskMessages, startWriteLoad, type SentWrite, type WriteLoad } from './write-load.ts'

// Kills the CLI with --state-file in every way while clients write, and checks the file.
// Every loop is bounded in count and time; the whole file takes about 20 s.

/** A state file's path in a directory of its own, removed when the test ends. */
function tempPath(): { dir: string; path: string } {
  const dir = tempDir()
  return { dir, path: join(dir, 'state.json') }
}

/** The seeded comments' keys and Messages, in seed order. */
function seededComments(comments: number): Map<string, string | null | undefined> {
  const store = createStore({ seed: 1, counts: { comments } })
  return new Map(Array.from(store.state.comments.values(), (c) => [c.Key as string, c.Message]))
}

/**
 * Files in the directory other than the state file: temporaries of the given pids only, and
 * the change logs of a running mock (none once it stopped).
 */
function strayFiles(dir: string, livePids: readonly number[]): string[] {
  const allowed = new Set([
    'state.json',
    ...livePids.map((pid) => `state.json.${pid}.tmp`),
    // The running mock's lock (issue 40): gone once it stopped.
    ...(livePids.length > 0 ? ['state.json.lock'] : []),
  ])
  const logs = livePids.length > 0 ? /^state\.json\.\d+\.log$/ : /^$/
  return readdirSync(dir).filter((name) => !allowed.has(name) && !logs.test(name))
}

/**
 * Where a comment's Message in the file stands among the updates sent for it: their index,
 * -1 for the value it had before the load, or undefined for a value nobody sent.
 */
function heldIndex(
  writes: readonly SentWrite[],
  message: string | null | undefined,
  before: string | null | undefined,
): number | undefined {
  const index = writes.findIndex((write) => write.message === message)
  if (index >= 0) return index
  return message === before ? -1 : undefined
}

/** Index of the last update answered 200 before `time` (-1 for none). */
function lastAckedBefore(writes: readonly SentWrite[], time: number): number {
  return writes.findLastIndex((write) => write.ackedAt !== undefined && write.ackedAt < time)
}

/** Every problem with the file's comments against the load, given their values before it. */
function heldProblems(
  load: WriteLoad,
  messages: ReadonlyMap<string, string | null | undefined>,
  before: ReadonlyMap<string, string | null | undefined>,
): { held: Map<string, number>; problems: string[] } {
  const held = new Map<string, number>()
  const problems: string[] = []
  for (const [key, writes] of load.sent) {
    const message = messages.get(key)
    const index = heldIndex(writes, message, before.get(key))
    if (index === undefined) problems.push(`${key}: '${message}' was never sent`)
    else held.set(key, index)
  }
  return { held, problems }
}

const keyOf = (key: string): string => key.toLowerCase()

describe('the CLI with --state-file: a clean stop loses no acknowledged write', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s under write load: exits 0, and the file holds every update answered 200',
    async (signal) => {
      const { dir, path } = tempPath()
      // With 10-30 ms of latency, nearly every client has an update under way at the signal:
      // the stop must answer those, on connections kept alive, then write them to the file.
      const run = startCli(['--port', '0', '--no-log', '--latency', '10-30', '--state-file', path])
      const url = await waitForStart(run, 15_000)
      const seeded = seededComments(24)
      const keys = Array.from(seeded.keys()).slice(0, 20)
      const load = startWriteLoad(url, keys, {
        tag: signal,
        clients: 10,
        total: 5000,
        pauseMs: 0,
      })
      await waitFor(
        '200 acknowledged updates',
        () => (load.acked() >= 200 ? true : undefined),
        10_000,
      )
      run.child.kill(signal)
      const ackedAtSignal = load.acked()
      // The clients go on until the server stops answering them.
      await load.done
      expect(await exitWithin(run, 15_000)).toBe(0)
      expect(run.stdout()).toMatch(
        new RegExp(`${signal}, shutting down: answering [1-9]\\d* requests? under way`),
      )
      expect(run.stdout()).toContain('stopped, state file written')
      expect(run.stderr()).toBe('')
      expect(ackedAtSignal).toBeGreaterThanOrEqual(200)

      // Each client owns its comments and sends one update at a time, so the file must hold,
      // for each comment, its last update answered 200 (or the one after it, applied but
      // never answered because the connection closed).
      const { held, problems } = heldProblems(
        load,
        diskMessages(path),
        new Map(Array.from(seeded, ([key, message]) => [keyOf(key), message])),
      )
      expect(problems).toEqual([])
      const missing = Array.from(load.sent).filter(
        ([key, writes]) => (held.get(key) ?? -1) < lastAckedBefore(writes, Infinity),
      )
      expect(missing.map(([key]) => key)).toEqual([])
      expect(strayFiles(dir, [])).toEqual([])
    },
    40_000,
  )
})

describe('the CLI with --state-file: a stop by force says so', () => {
  /** Starts an update that the server holds for 10 s; resolves once the server has it. */
  async function slowUpdate(run: CliRun, url: string, key: string): Promise<void> {
    await new Promise<void>((resolve) => {
      const held = request(`${url}${commentsPath}`, {
        method: 'PUT',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Prefer: 'delay=10000',
        },
      })
      // The stop cuts it off.
      held.on('error', () => undefined)
      held.end(JSON.stringify({ Key: key, Message: 'Never answered.' }), () => resolve())
    })
    // The server reads its connections in the order their bytes came: once a request sent after
    // the held one's bytes has its answer, the held one is under way (nothing else shows it).
    const answer = await rawRequest(`${url}/__mock/settings`, { method: 'GET' })
    expect(answer.status).toBe(200)
    expect(run.child.exitCode).toBeNull()
  }

  async function answeredUpdate(url: string, key: string, message: string): Promise<void> {
    const answer = await rawRequest(`${url}${commentsPath}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: key, Message: message }),
    })
    expect(answer.status).toBe(200)
  }

  it('past --shutdown-timeout, abandons the request under way, still writes the file, exits 1', async () => {
    const { dir, path } = tempPath()
    const run = startCli([
      '--port',
      '0',
      '--no-log',
      '--state-file',
      path,
      '--shutdown-timeout',
      '500',
    ])
    const url = await waitForStart(run, 15_000)
    const [first = '', second = ''] = seededComments(24).keys()
    await answeredUpdate(url, first, 'Answered before the stop.')
    await slowUpdate(run, url, second)
    const signalled = performance.now()
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 10_000)).toBe(1)
    const took = performance.now() - signalled
    expect(took).toBeGreaterThanOrEqual(450)
    expect(took).toBeLessThan(8000)
    expect(run.stderr()).toMatch(
      /stopped by force: after 500 ms, abandoned 1 request under way, unanswered, and closed 1 connection\n$/,
    )
    const messages = diskMessages(path)
    expect(messages.get(keyOf(first))).toBe('Answered before the stop.')
    expect(messages.get(keyOf(second))).not.toBe('Never answered.')
    expect(strayFiles(dir, [])).toEqual([])
  }, 30_000)

  it('a second signal stops at once with exit 1, naming what it abandoned', async () => {
    const { path } = tempPath()
    const run = startCli(['--port', '0', '--no-log', '--state-file', path])
    const url = await waitForStart(run, 15_000)
    const [, second = ''] = seededComments(24).keys()
    await slowUpdate(run, url, second)
    run.child.kill('SIGINT')
    await waitFor(
      'the first SIGINT taken',
      () => (run.stdout().includes('SIGINT, shutting down') ? true : undefined),
      5000,
    )
    const signalled = performance.now()
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 5000)).toBe(1)
    expect(performance.now() - signalled).toBeLessThan(5000)
    expect(run.stderr()).toMatch(
      /second SIGTERM, stopped at once, abandoning 1 request under way and the final write of the state file/,
    )
  }, 30_000)

  it('rejects a --shutdown-timeout that is not a whole number of ms from 100', async () => {
    const run = startCli(['--port', '0', '--shutdown-timeout', '5'])
    expect(await exitWithin(run, 15_000)).toBe(2)
    expect(run.stderr()).toContain('--shutdown-timeout must be a whole number from 100')
  })
})

describe('the CLI with --state-file: kill -9 at any moment', () => {
  // How long after its answer an update must be on disk. Each change is appended to the log
  // before its answer is sent (state-file-kill-large.slow.test.ts holds that to no loss at all at
  // 10 MB); this file checks the file's shape through restarts, with a bound that allows for a
  // machine shared with other work.
  const onDiskWithinMs = 2000
  const comments = 2000

  it('the file always parses and is the state of one recent instant; every restart loads it and clears the temporaries', async () => {
    const { dir, path } = tempPath()
    const args = [
      '--port',
      '0',
      '--no-log',
      '--counts',
      `comments=${comments}`,
      '--state-file',
      path,
    ]
    const seeded = seededComments(comments)
    // Spread over the whole state, so they fall in different pieces of a write.
    const keys = Array.from(seeded.keys()).filter((_, index) => index % 50 === 7)
    let before = new Map(Array.from(seeded, ([key, message]) => [keyOf(key), message]))
    let run = startCli(args)
    let url = await waitForStart(run, 20_000)
    // The seeded state is written at start: from then on there is always a file.
    await waitFor('the first write', () => (existsSync(path) ? true : undefined), 10_000)
    // Moments spread over 0.1-3.3 s of load, random within their slice: the early ones land
    // in the restart's first writes, the later ones have updates old enough to check (3).
    for (let round = 0; round < 5; round++) {
      const moment = 100 + round * 650 + Math.random() * 550
      const load = startWriteLoad(url, keys, {
        tag: `round ${round}`,
        clients: 10,
        total: 20_000,
        pauseMs: 2,
      })
      await delay(moment)
      const killedAt = performance.now()
      run.child.kill('SIGKILL')
      await load.stop()
      expect(await exitWithin(run, 5000)).toBe('SIGKILL')
      const slowest = Math.max(
        0,
        ...Array.from(load.sent.values()).flatMap((writes) =>
          writes.map((write) => (write.ackedAt ?? write.sentAt) - write.sentAt),
        ),
      )
      const onDiskWithin = Math.max(onDiskWithinMs, 10 * slowest)
      const context =
        `round ${round}, killed after ${moment.toFixed(0)} ms, ${load.acked()} answered, ` +
        `slowest in ${slowest.toFixed(0)} ms; stderr: ${run.stderr()}`

      // 1. The file and its log parse (diskMessages throws otherwise), and hold only values that were sent.
      expect(existsSync(path), context).toBe(true)
      const messages = diskMessages(path)
      const { held, problems } = heldProblems(load, messages, before)
      expect(problems, `${context}: values never sent`).toEqual([])

      // 2. One instant: there is a time T when every held update had been sent and no update
      //    after a held one had been answered yet (the server applies an update between the
      //    two). So the latest send of a held update precedes the earliest answer of a next one.
      let latestHeldSend = -Infinity
      let earliestNextAnswer = Infinity
      for (const [key, writes] of load.sent) {
        const index = held.get(key) ?? -1
        if (index >= 0) latestHeldSend = Math.max(latestHeldSend, writes[index]?.sentAt ?? 0)
        const next = writes[index + 1]?.ackedAt
        if (next !== undefined) earliestNextAnswer = Math.min(earliestNextAnswer, next)
      }
      expect(latestHeldSend, `${context}: not one instant`).toBeLessThan(earliestNextAnswer)

      // 3. A prefix no older than onDiskWithin: every update answered that long before the
      //    kill is held (or a later one of the same comment).
      const stale = Array.from(load.sent).filter(
        ([key, writes]) => (held.get(key) ?? -1) < lastAckedBefore(writes, killedAt - onDiskWithin),
      )
      expect(
        stale.map(([key]) => key),
        `${context}: answered more than ${onDiskWithin.toFixed(0)} ms before the kill but missing`,
      ).toEqual([])

      // 4. The restart succeeds: it clears the killed process's temporary and an older one,
      //    loads the file, and serves what it holds.
      writeFileSync(join(dir, 'state.json.99999999.tmp'), '{"Seed":1,"Generated":0,"ABT')
      run = startCli(args)
      url = await waitForStart(run, 20_000)
      expect(strayFiles(dir, [run.child.pid as number]), context).toEqual([])
      const state = JSON.parse((await rawRequest(`${url}/__mock/state`, { method: 'GET' })).body)
      const served = new Map<string, unknown>(
        (state.Comments as { Key: string; Message: unknown }[]).map((c) => [
          keyOf(c.Key),
          c.Message,
        ]),
      )
      for (const key of load.sent.keys()) expect(served.get(key), context).toBe(messages.get(key))
      before = messages
    }
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 15_000)).toBe(0)
    expect(strayFiles(dir, [])).toEqual([])
  }, 60_000)
})
