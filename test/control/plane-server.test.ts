import { describe, expect, it, onTestFinished } from 'vitest'
import { createStore, type RunningServer } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import { trackRequests } from '../../src/tools/cli/track-requests.ts'
import {
  rawRequest,
  startServer,
  abTestsPath,
  commentKey,
  commentMessage,
  commentUpdate,
  commentsPath,
  readJson,
  timed,
  tracked,
  waitFor,
} from '../support/index.ts'

/** Adds a fault rule that applies once (setup: a refused rule throws, naming why). */
async function addOneShotRule(server: RunningServer, rule: object): Promise<void> {
  const added = await fetch(`${server.url}/__mock/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...rule, count: 1 }),
  })
  if (added.status !== 201) {
    throw new Error(`Failed to add a fault rule: ${added.status} ${await added.text()}`)
  }
}

describe('the Node server: simulated network faults', () => {
  it.each([
    ['Prefer: fault=network', { Prefer: 'fault=network' }, '', []],
    ['?__fault=network', {}, '?__fault=network', []],
    ['a "fault":"network" rule', {}, '', [{ method: 'PUT', path: commentsPath, fault: 'network' }]],
  ])(
    '%s: fetch rejects (connection dropped) and the next request is answered',
    async (_, headers, query, rules) => {
      const server = await startServer()
      const key = commentKey(server.mock.store)
      const before = commentMessage(server.mock.store, key)
      for (const rule of rules) await addOneShotRule(server, rule)
      const failed = await fetch(
        `${server.url}${commentsPath}${query}`,
        commentUpdate(key, 'Dropped.', headers),
      ).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failed).toBeInstanceOf(TypeError)
      expect(commentMessage(server.mock.store, key)).toBe(before)

      const next = await fetch(`${server.url}${commentsPath}`, commentUpdate(key, 'Answered.'))
      expect(next.status).toBe(200)
      expect((await readJson(next)).Message).toBe('Answered.')
      const journal = await readJson(await fetch(`${server.url}/__mock/journal`))
      expect(journal.entries.map((e: { fault: string | null }) => e.fault)).toEqual([
        expect.stringMatching(/^network/),
        null,
      ])
    },
  )

  it('a raw HTTP client sees the socket close without a status line', async () => {
    const server = await startServer()
    const error = await rawRequest(`${server.url}${abTestsPath}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Prefer: 'fault=network' },
      body: '{"Title":"x"}',
    }).then(
      () => undefined,
      (reason: unknown) => reason as NodeJS.ErrnoException,
    )
    expect(error?.code).toBe('ECONNRESET')
  })
})

describe('the Node server: simulated statuses and delays', () => {
  it('Prefer: code=503 answers 503 with the reason phrase ServiceUnavailable', async () => {
    const server = await startServer()
    const answer = await rawRequest(`${server.url}${abTestsPath}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Prefer: 'code=503',
      },
      body: '{"Title":"x"}',
    })
    expect(answer.status).toBe(503)
    expect(answer.statusMessage).toBe('ServiceUnavailable')
    expect(JSON.parse(answer.body).ResponseStatus.ErrorCode).toBe('ServiceUnavailable')
  })

  it('?__code=429 answers 429 TooManyRequests', async () => {
    const server = await startServer()
    const answer = await rawRequest(`${server.url}${abTestsPath}?__code=429`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"Title":"x"}',
    })
    expect(answer.status).toBe(429)
    expect(answer.statusMessage).toBe('TooManyRequests')
  })

  it('createServer({ latency: 100 }) delays operations; other requests are not blocked', async () => {
    const server = await startServer({ latency: 100 })
    const key = commentKey(server.mock.store)
    const run = await timed(() => fetch(`${server.url}${commentsPath}`, commentUpdate(key, 'x')))
    expect(run.value?.status).toBe(200)
    expect(run.ms).toBeGreaterThanOrEqual(95)
    const settings = await readJson(await fetch(`${server.url}/__mock/settings`))
    expect(settings.latency).toEqual({ min: 100, max: 100 })
  })

  it('a delayed request does not hold up a quick one', async () => {
    const server = await startServer()
    const requests = trackRequests(server)
    const key = commentKey(server.mock.store)
    const controller = new AbortController()
    // Gone when the test ends, pass or fail, so the server's close does not wait out its delay.
    onTestFinished(() => controller.abort())
    const slow = tracked(
      fetch(
        `${server.url}${commentsPath}`,
        commentUpdate(key, 'slow', { Prefer: 'delay=10000' }, { signal: controller.signal }),
      ).catch(() => undefined),
    )
    await waitFor('the delayed request under way', () => requests.inFlight() || undefined, 10_000)
    const quick = await fetch(`${server.url}/__mock/state`)
    expect(quick.status).toBe(200)
    // Answered while the delayed one still waits out its 10 s: nothing held the quick one up
    // (judged by order, not by a clock).
    expect(slow.settled()).toBe(false)
  })

  it('a client that goes away during a 10 s delay: the update never runs, the journal says aborted', async () => {
    const server = await startServer()
    const requests = trackRequests(server)
    const key = commentKey(server.mock.store)
    const before = commentMessage(server.mock.store, key)
    const controller = new AbortController()
    const sent = fetch(
      `${server.url}${commentsPath}`,
      commentUpdate(key, 'Never stored.', { Prefer: 'delay=10000' }, { signal: controller.signal }),
    ).then(
      () => undefined,
      (reason: unknown) => reason as Error,
    )
    await waitFor('the delayed request under way', () => requests.inFlight() || undefined, 10_000)
    controller.abort()
    expect((await sent)?.name).toBe('AbortError')
    // The mock is done with it once its journal entry is written: nothing of it is left to run.
    const journal = await waitFor(
      'the aborted request in the journal',
      async () => {
        const body = await readJson(await fetch(`${server.url}/__mock/journal`))
        return body.entries.length > 0 ? body : undefined
      },
      10_000,
    )
    expect(commentMessage(server.mock.store, key)).toBe(before)
    expect(journal.entries).toHaveLength(1)
    expect(journal.entries[0].fault).toBe('aborted')
    // It stopped waiting when its client went away, rather than sitting out the delay.
    expect(journal.entries[0].delayMs).toBeLessThan(10_000)
    // The server still answers.
    const next = await fetch(`${server.url}${commentsPath}`, commentUpdate(key, 'Later.'))
    expect(next.status).toBe(200)
  })
})

describe('the Node server: control routes over HTTP', () => {
  it('journals the request headers as the client sent them, lower-cased, repeats joined', async () => {
    const server = await startServer()
    const key = commentKey(server.mock.store)
    const body = JSON.stringify({ Key: key, Message: 'Raw headers.' })
    // Node's client sends a repeated header as two lines, as a browser may.
    await rawRequest(`${server.url}${commentsPath}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-Trace': ['one', 'two'] as unknown as string,
      },
      body,
    })
    const { entries } = await readJson(await fetch(`${server.url}/__mock/journal`))
    expect(entries).toHaveLength(1)
    const headers = entries[0].requestHeaders as [string, string][]
    const names = headers.map(([name]) => name)
    expect(names).toEqual([...names].sort())
    expect(names.every((name) => name === name.toLowerCase())).toBe(true)
    expect(Object.fromEntries(headers)).toMatchObject({
      'content-type': 'application/json',
      'x-trace': 'one, two',
      host: `127.0.0.1:${server.port}`,
    })
    expect(entries[0].requestBody).toBe(body)
  })

  it('serves state, reset, snapshots, journal and HAR', async () => {
    const server = await startServer()
    const key = commentKey(server.mock.store)
    const seeded = await (await fetch(`${server.url}/__mock/state`)).text()
    expect(seeded).toBe(stateJson(createStore({ seed: 1 })))

    expect((await fetch(`${server.url}/__mock/snapshots/s`, { method: 'POST' })).status).toBe(201)
    await fetch(`${server.url}${commentsPath}`, commentUpdate(key, 'Over HTTP.'))
    expect(commentMessage(server.mock.store, key)).toBe('Over HTTP.')
    expect((await fetch(`${server.url}/__mock/snapshots/s`, { method: 'PUT' })).status).toBe(200)
    expect(await (await fetch(`${server.url}/__mock/state`)).text()).toBe(seeded)

    const reset = await fetch(`${server.url}/__mock/reset?seed=7`, { method: 'POST' })
    expect(await readJson(reset)).toEqual({ seed: 7 })
    expect(await (await fetch(`${server.url}/__mock/state`)).text()).toBe(
      stateJson(createStore({ seed: 7 })),
    )

    const har = await readJson(await fetch(`${server.url}/__mock/journal.har`))
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(1)
    expect(har.log.entries[0].request.url).toBe(`${server.url}${commentsPath}`)
    expect((await fetch(`${server.url}/__mock/journal`, { method: 'DELETE' })).status).toBe(204)
    expect((await readJson(await fetch(`${server.url}/__mock/journal`))).entries).toEqual([])
  })
})
