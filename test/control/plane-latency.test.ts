import { getResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createApp, createMock, createStore } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import {
  addFaultRules,
  now,
  abTestCreate,
  abTestsPath,
  commentKey,
  commentMessage,
  commentUpdate,
  commentsPath,
  control,
  createPlane,
  fakeTimeouts,
  readJson,
  responseStatusOf,
  settledWithoutTime,
  timed,
  timersArmed,
  tracked,
  ways,
  type Plane,
} from '../support/index.ts'

// Delays are checked twice over: on the real clock, that they last at least as long as they
// should (a loaded machine only makes them longer); with setTimeout faked, that nothing waits
// when it should not and that waiting requests overlap (fakeTimeouts: no upper bound in ms).

/** Timers may fire a hair early against performance.now(); never by more than this. */
const early = 5

async function lastDelay(plane: Plane): Promise<number> {
  const { entries } = await readJson(await control(plane, 'GET', '/__mock/journal'))
  return entries.at(-1).delayMs as number
}

async function timedUpdate(plane: Plane, headers: Record<string, string> = {}, query = '') {
  const key = commentKey(plane.store)
  const run = await timed(() =>
    plane.request(`${commentsPath}${query}`, commentUpdate(key, 'Timed.', headers)),
  )
  if (run.error) throw run.error
  expect(run.value?.status).toBe(200)
  return run.ms
}

describe.each(ways)('global latency (%s)', (way) => {
  it('createMock({ latency: 100 }) delays an operation by at least 100 ms', async () => {
    const plane = createPlane(way, { latency: 100 })
    expect(await timedUpdate(plane)).toBeGreaterThanOrEqual(100 - early)
    expect(await lastDelay(plane)).toBe(100)
  })

  it.each([
    ['a string', '100'],
    ['an object', { min: 100, max: 100 }],
  ] as const)('accepts the fixed latency as %s', async (_, latency) => {
    const plane = createPlane(way, { latency })
    expect(await timedUpdate(plane)).toBeGreaterThanOrEqual(100 - early)
    expect(await lastDelay(plane)).toBe(100)
  })

  it('does not delay an operation without a latency: answered with the clock stopped', async () => {
    fakeTimeouts()
    const plane = createPlane(way)
    const update = plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'Now.'))
    expect((await settledWithoutTime('the undelayed answer', update)).status).toBe(200)
    expect(await lastDelay(plane)).toBe(0)
  })

  it.each([
    [0, 50],
    [0.5, 65],
    [0.999, 80],
  ])('a range 50-80 with random() = %d draws %i ms', async (random, expected) => {
    const plane = createPlane(way, { latency: '50-80', random: () => random })
    expect(await timedUpdate(plane)).toBeGreaterThanOrEqual(expected - early)
    expect(await lastDelay(plane)).toBe(expected)
  })

  it('a range { min: 50, max: 80 } with Math.random stays within its bounds', async () => {
    const plane = createPlane(way, { latency: { min: 50, max: 80 } })
    for (let i = 0; i < 8; i++) {
      const ms = await timedUpdate(plane)
      const drawn = await lastDelay(plane)
      expect(drawn).toBeGreaterThanOrEqual(50)
      expect(drawn).toBeLessThanOrEqual(80)
      expect(ms).toBeGreaterThanOrEqual(drawn - early)
    }
  })

  it('latency never blocks other requests: 5 requests of 300 ms wait at once', async () => {
    fakeTimeouts()
    const plane = createPlane(way, { latency: 300 })
    const key = commentKey(plane.store)
    const all = tracked(
      Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          plane.request(`${commentsPath}?i=${i}`, commentUpdate(key, `Parallel ${i}.`)),
        ),
      ),
    )
    // All five delays under way together; one after another, only one would be.
    await timersArmed('five delays under way', 5)
    await vi.advanceTimersByTimeAsync(299)
    expect(all.settled()).toBe(false)
    // 300 ms of the clock answer all five (one after another would take 1500 ms).
    await vi.advanceTimersByTimeAsync(1)
    const responses = await settledWithoutTime('the five answers', all.promise)
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
  })
})

describe.each(ways)('latency does not block other requests (%s)', (way) => {
  it('a normal request finishes while a 500 ms delayed one waits', async () => {
    fakeTimeouts()
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const delayed = tracked(
      plane.request(commentsPath, commentUpdate(key, 'Slow.', { Prefer: 'delay=500' })),
    )
    await timersArmed('the 500 ms delay under way')
    const quick = plane.request(abTestsPath, abTestCreate('Quick.'))
    expect((await settledWithoutTime('the quick answer', quick)).status).toBe(200)
    expect(delayed.settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(499)
    expect(delayed.settled()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await settledWithoutTime('the delayed answer', delayed.promise)).status).toBe(200)
  })
})

describe('the latency option in the library and browser APIs', () => {
  it('createApp({ store, latency }) builds a delayed mock', async () => {
    const store = createStore({ seed: 1 })
    const app = createApp({ store, latency: 100, defaultFormat: 'json', clock: () => now })
    const run = await timed(() =>
      Promise.resolve(app.request(commentsPath, commentUpdate(commentKey(store), 'App.'))),
    )
    expect(run.value?.status).toBe(200)
    expect(run.ms).toBeGreaterThanOrEqual(100 - early)
  })

  it('createHandlers({ store, latency }) builds a delayed mock', async () => {
    const store = createStore({ seed: 1 })
    const handlers = createHandlers({ store, latency: '100-100', defaultFormat: 'json' })
    const run = await timed(() =>
      getResponse(
        handlers,
        new Request(`http://localhost${commentsPath}`, commentUpdate(commentKey(store), 'Msw.')),
      ),
    )
    expect(run.value?.status).toBe(200)
    expect(run.ms).toBeGreaterThanOrEqual(100 - early)
  })

  it.each(['abc', '600-100', '-5', '70000', '1.5'])(
    'createMock({ latency: %j }) throws an error naming the value',
    (latency) => {
      expect(() => createMock({ store: createStore({ seed: 1 }), latency })).toThrow(
        new RegExp(`latency '${latency.replace('.', '\\.')}'`),
      )
    },
  )
})

describe.each(ways)('PUT /__mock/latency and GET /__mock/settings (%s)', (way) => {
  it('GET /__mock/settings shows no latency by default, then the configured one', async () => {
    const plain = await readJson(await control(createPlane(way), 'GET', '/__mock/settings'))
    expect(plain.latency).toBeNull()
    expect(plain).toMatchObject({ seed: 1, basePath: '/RestApi', journalCapacity: 500 })
    const configured = createPlane(way, { latency: '100-600', journalSize: 7 })
    const settings = await readJson(await control(configured, 'GET', '/__mock/settings'))
    expect(settings.latency).toEqual({ min: 100, max: 600 })
    expect(settings.journalCapacity).toBe(7)
  })

  it.each([
    [{ ms: 120 }, { min: 120, max: 120 }],
    [
      { min: 100, max: 130 },
      { min: 100, max: 130 },
    ],
    [{ ms: 0 }, { min: 0, max: 0 }],
  ])('PUT %j sets the latency, answered and shown in the settings', async (body, expected) => {
    const plane = createPlane(way)
    const response = await control(plane, 'PUT', '/__mock/latency', body)
    expect(response.status).toBe(200)
    expect((await readJson(response)).latency).toEqual(expected)
    const settings = await readJson(await control(plane, 'GET', '/__mock/settings'))
    expect(settings.latency).toEqual(expected)
    const ms = await timedUpdate(plane)
    expect(ms).toBeGreaterThanOrEqual(expected.min - early)
    const drawn = await lastDelay(plane)
    expect(drawn).toBeGreaterThanOrEqual(expected.min)
    expect(drawn).toBeLessThanOrEqual(expected.max)
  })

  it('PUT null clears the latency', async () => {
    const plane = createPlane(way, { latency: 1000 })
    const response = await control(plane, 'PUT', '/__mock/latency', 'null')
    expect(response.status).toBe(200)
    expect((await readJson(response)).latency).toBeNull()
    fakeTimeouts()
    const update = plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'Now.'))
    expect((await settledWithoutTime('the undelayed answer', update)).status).toBe(200)
    expect(await lastDelay(plane)).toBe(0)
  })

  it.each([
    ['{}', 'ArgumentException'],
    ['{"ms":-1}', 'ArgumentException'],
    ['{"ms":"200"}', 'ArgumentException'],
    ['{"ms":1.5}', 'ArgumentException'],
    ['{"ms":70000}', 'ArgumentException'],
    ['{"min":600,"max":100}', 'ArgumentException'],
    ['{"min":100}', 'ArgumentException'],
    ['[100]', 'ArgumentException'],
    ['"200"', 'ArgumentException'],
    ['200', 'ArgumentException'],
    ['{"ms":', 'SerializationException'],
  ])('PUT %s answers 400 %s and keeps the latency', async (body, errorCode) => {
    const plane = createPlane(way, { latency: 40 })
    const response = await control(plane, 'PUT', '/__mock/latency', body)
    expect(response.status).toBe(400)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe(errorCode)
    expect(status.Message).toMatch(/^Failed to /)
    const settings = await readJson(await control(plane, 'GET', '/__mock/settings'))
    expect(settings.latency).toEqual({ min: 40, max: 40 })
  })
})

describe.each(ways)('per-request delay (%s)', (way) => {
  it.each([
    ['Prefer: delay=150', { Prefer: 'delay=150' }, ''],
    ['Prefer with other tokens', { Prefer: 'return=minimal; delay=150' }, ''],
    ['?__delay=150', {}, '?__delay=150'],
  ])('%s delays the answer by at least 150 ms', async (_, headers, query) => {
    const plane = createPlane(way)
    expect(await timedUpdate(plane, headers, query)).toBeGreaterThanOrEqual(150 - early)
    expect(await lastDelay(plane)).toBe(150)
  })
})

describe.each(ways)('a client that goes away during a delay (%s)', (way) => {
  it.each<[string, { latency?: number }, Record<string, string>, string, object[]]>([
    ['Prefer: delay=2000', {}, { Prefer: 'delay=2000' }, '', []],
    ['?__delay=2000', {}, {}, '?__delay=2000', []],
    ['a global latency of 2000', { latency: 2000 }, {}, '', []],
    ['a delay rule of 2000', {}, {}, '', [{ path: commentsPath, delay: 2000 }]],
  ])(
    '%s: the operation never runs and the journal says aborted',
    async (_, options, headers, query, rules) => {
      fakeTimeouts()
      const plane = createPlane(way, options)
      await addFaultRules(plane, rules)
      const key = commentKey(plane.store)
      const before = commentMessage(plane.store, key)
      const controller = new AbortController()
      const sent = plane
        .send(
          `${commentsPath}${query}`,
          commentUpdate(key, 'Never stored.', headers, { signal: controller.signal }),
        )
        .catch((error: unknown) => ({ kind: 'rejected' as const, error }))
      await timersArmed('the 2 s delay under way')
      controller.abort()
      // Cleaned up at once: the outcome comes with the clock stopped, and the delay's timer is
      // cleared rather than sat out.
      const outcome = await settledWithoutTime('the aborted outcome', sent)
      expect(outcome.kind).not.toBe('response')
      expect(vi.getTimerCount()).toBe(0)

      // Past the 2 s the delay would have taken, the comment is still as it was.
      await vi.advanceTimersByTimeAsync(2300)
      expect(commentMessage(plane.store, key)).toBe(before)
      expect(commentMessage(plane.store, key)).not.toBe('Never stored.')
      const { entries } = await readJson(await control(plane, 'GET', '/__mock/journal'))
      expect(entries).toHaveLength(1)
      expect(entries[0].fault).toBe('aborted')
      expect(entries[0].url).toBe(`http://localhost${commentsPath}${query}`)
    },
  )

  it('an aborted request does not disturb the next one', async () => {
    fakeTimeouts()
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const controller = new AbortController()
    const sent = plane
      .send(
        commentsPath,
        commentUpdate(key, 'Dropped.', { Prefer: 'delay=1000' }, { signal: controller.signal }),
      )
      .catch(() => undefined)
    await timersArmed('the 1 s delay under way')
    controller.abort()
    await settledWithoutTime('the aborted outcome', sent)
    const next = await settledWithoutTime(
      'the next answer',
      plane.request(commentsPath, commentUpdate(key, 'Kept.')),
    )
    expect(next.status).toBe(200)
    expect(commentMessage(plane.store, key)).toBe('Kept.')
  })
})
