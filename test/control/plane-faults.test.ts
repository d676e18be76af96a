import { describe, expect, it } from 'vitest'
import { NetworkFault } from '../../src/node/server/network-fault.ts'
import {
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
  ways,
  type Outcome,
  type Plane,
  type Way,
} from '../support/index.ts'
import { sequenceRandom } from './sequence-random.ts'

const early = 5

/**
 * A dropped connection, as each way delivers it: app.request() rejects with a NetworkFault, as
 * fetch does; msw answers `Response.error()`.
 */
const droppedAs: Record<Way, Outcome> = {
  app: {
    kind: 'network-error',
    error: expect.objectContaining({ constructor: NetworkFault, name: 'NetworkFault' }),
  },
  msw: { kind: 'network-error', error: expect.objectContaining({ type: 'error' }) },
}

async function journalEntries(plane: Plane): Promise<any[]> {
  return (await readJson(await control(plane, 'GET', '/__mock/journal'))).entries as any[]
}

describe.each(ways)('Prefer: code=<status> (%s)', (way) => {
  it.each([
    [
      'JSON',
      { Accept: 'application/json' },
      'application/json; charset=utf-8',
      (body: string) => {
        const status = JSON.parse(body).ResponseStatus
        expect(status.ErrorCode).toBe('ServiceUnavailable')
        expect(status.Message).toContain('503')
        expect(status.Errors).toEqual([])
      },
    ],
    [
      'XML',
      { Accept: 'application/xml' },
      'application/xml',
      (body: string) => {
        expect(body).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?><ErrorResponse /)
        expect(body).toContain('<ResponseStatus><ErrorCode>ServiceUnavailable</ErrorCode>')
        expect(body).toMatch(/<Message>[^<]*503[^<]*<\/Message>/)
        expect(body).toContain('<Errors />')
      },
    ],
    [
      'CSV',
      { Accept: 'text/csv' },
      'text/csv',
      (body: string) => {
        const [header, row] = body.split('\r\n')
        expect(header).toBe('ResponseStatus')
        expect(row).toMatch(
          /^"\{ErrorCode:ServiceUnavailable,Message:[^}]*503[^}]*,Errors:\[\]\}"$/,
        )
      },
    ],
    [
      'JSV',
      { Accept: 'application/jsv' },
      'application/jsv',
      (body: string) => {
        expect(body).toMatch(/^\{ResponseStatus:\{ErrorCode:ServiceUnavailable,Message:/)
      },
    ],
  ])(
    'answers 503 ServiceUnavailable with a ResponseStatus body in %s, without running the operation',
    async (_, accept, contentType, checkBody) => {
      const plane = createPlane(way)
      const key = commentKey(plane.store)
      const before = commentMessage(plane.store, key)
      const init = commentUpdate(key, 'Not stored.', { Prefer: 'code=503', ...accept })
      const response = await plane.request(commentsPath, init)
      expect(response.status).toBe(503)
      expect(response.statusText).toBe('ServiceUnavailable')
      expect(response.headers.get('content-type')).toBe(contentType)
      checkBody(await response.text())
      expect(commentMessage(plane.store, key)).toBe(before)
    },
  )

  it.each([
    [400, 'BadRequest'],
    [404, 'NotFound'],
    [409, 'Conflict'],
    [429, 'TooManyRequests'],
    [500, 'InternalServerError'],
    [502, 'BadGateway'],
    [504, 'GatewayTimeout'],
  ])('Prefer: code=%i answers that status with ErrorCode %s', async (code, name) => {
    const plane = createPlane(way)
    const response = await plane.request(
      abTestsPath,
      abTestCreate('Never made.', { Prefer: `code=${code}` }),
    )
    expect(response.status).toBe(code)
    expect(response.statusText).toBe(name)
    expect((await responseStatusOf(response)).ErrorCode).toBe(name)
    expect(plane.store.generated).toBe(0)
  })

  it('?__code=429 is the query form', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const before = commentMessage(plane.store, key)
    const response = await plane.request(`${commentsPath}?__code=429`, commentUpdate(key, 'No.'))
    expect(response.status).toBe(429)
    expect(response.statusText).toBe('TooManyRequests')
    expect((await responseStatusOf(response)).ErrorCode).toBe('TooManyRequests')
    expect(commentMessage(plane.store, key)).toBe(before)
  })

  it('Prefer: delay=100, code=503 waits, then answers 503', async () => {
    const plane = createPlane(way)
    const run = await timed(() =>
      plane.request(abTestsPath, abTestCreate('x', { Prefer: 'delay=100, code=503' })),
    )
    expect(run.value?.status).toBe(503)
    expect(run.ms).toBeGreaterThanOrEqual(100 - early)
    const [entry] = await journalEntries(plane)
    expect(entry).toMatchObject({ status: 503, delayMs: 100, fault: 'code=503 (Prefer)' })
  })
})

describe.each(ways)('Prefer: fault=network (%s)', (way) => {
  it.each([
    ['Prefer: fault=network', { Prefer: 'fault=network' }, ''],
    ['?__fault=network', {}, '?__fault=network'],
  ])('%s is a network error and the operation never runs', async (_, headers, query) => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const before = commentMessage(plane.store, key)
    const outcome = await plane.send(`${commentsPath}${query}`, commentUpdate(key, 'No.', headers))
    expect(outcome).toEqual(droppedAs[way])
    expect(commentMessage(plane.store, key)).toBe(before)
    const [entry] = await journalEntries(plane)
    expect(entry.fault).toMatch(/^network/)
  })

  it('the mock goes on answering after a network fault', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    await plane.send(commentsPath, commentUpdate(key, 'No.', { Prefer: 'fault=network' }))
    const next = await plane.request(commentsPath, commentUpdate(key, 'Yes.'))
    expect(next.status).toBe(200)
    expect(commentMessage(plane.store, key)).toBe('Yes.')
  })
})

describe.each(ways)('invalid fault values are ignored with a warning (%s)', (way) => {
  it.each([
    ['Prefer: code=200', { Prefer: 'code=200' }, '', /code=200 ignored/],
    ['Prefer: code=600', { Prefer: 'code=600' }, '', /code=600 ignored/],
    ['Prefer: code=abc', { Prefer: 'code=abc' }, '', /code=abc ignored/],
    ['Prefer: delay=abc', { Prefer: 'delay=abc' }, '', /delay=abc ignored/],
    ['Prefer: delay=-5', { Prefer: 'delay=-5' }, '', /delay=-5 ignored/],
    ['Prefer: delay=60001', { Prefer: 'delay=60001' }, '', /delay=60001 ignored/],
    ['Prefer: fault=timeout', { Prefer: 'fault=timeout' }, '', /fault=timeout ignored/],
    ['?__code=200', {}, '?__code=200', /code=200 ignored/],
    ['?__delay=abc', {}, '?__delay=abc', /delay=abc ignored/],
  ])(
    '%s: the request is answered normally with X-Mock-Warning',
    async (_, headers, query, warning) => {
      // An ignored delay waits on no timer: the answer comes with the clock stopped.
      fakeTimeouts()
      const plane = createPlane(way)
      const key = commentKey(plane.store)
      const response = await settledWithoutTime(
        'the answer',
        plane.request(`${commentsPath}${query}`, commentUpdate(key, 'Applied.', headers)),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('x-mock-warning')).toMatch(warning)
      expect(commentMessage(plane.store, key)).toBe('Applied.')
      const [entry] = await journalEntries(plane)
      expect(entry.fault).toBeNull()
      expect(entry.warnings.join('; ')).toMatch(warning)
    },
  )

  it('a valid value beside an invalid one still applies', async () => {
    const plane = createPlane(way)
    const response = await plane.request(
      commentsPath,
      commentUpdate(commentKey(plane.store), 'x', { Prefer: 'delay=abc, code=503' }),
    )
    expect(response.status).toBe(503)
    expect(response.headers.get('x-mock-warning')).toMatch(/delay=abc ignored/)
  })
})

const commentRule = {
  method: 'PUT',
  path: '/RestApi/comments-api/comments',
  status: 503,
  count: 3,
}

async function addRule(plane: Plane, rule: unknown): Promise<any> {
  const response = await control(plane, 'POST', '/__mock/faults', rule)
  expect(response.status).toBe(201)
  return readJson(response)
}

async function listRules(plane: Plane): Promise<any[]> {
  const response = await control(plane, 'GET', '/__mock/faults')
  expect(response.status).toBe(200)
  return (await readJson(response)).rules as any[]
}

describe.each(ways)('/__mock/faults rules (%s)', (way) => {
  it('fails the next 3 comment updates with 503; the 4th succeeds; other routes are unaffected', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const rule = await addRule(plane, commentRule)
    expect(rule).toMatchObject({
      method: 'PUT',
      path: commentRule.path,
      status: 503,
      remaining: 3,
      probability: 1,
    })
    expect(typeof rule.id).toBe('number')

    const statuses: number[] = []
    for (let i = 1; i <= 3; i++) {
      const response = await plane.request(commentsPath, commentUpdate(key, `Try ${i}.`))
      statuses.push(response.status)
      expect(response.statusText).toBe('ServiceUnavailable')
      expect((await responseStatusOf(response)).ErrorCode).toBe('ServiceUnavailable')
      // Another route, in the middle of the run: not touched, not counted.
      const other = await plane.request(abTestsPath, abTestCreate(`Other ${i}.`))
      expect(other.status).toBe(200)
      expect(commentMessage(plane.store, key)).not.toBe(`Try ${i}.`)
    }
    expect(statuses).toEqual([503, 503, 503])
    const fourth = await plane.request(commentsPath, commentUpdate(key, 'Fourth.'))
    expect(fourth.status).toBe(200)
    expect(commentMessage(plane.store, key)).toBe('Fourth.')
    const faults = (await journalEntries(plane)).map((entry) => entry.fault)
    expect(faults.filter((fault) => fault !== null)).toEqual([
      `code=503 (rule ${rule.id})`,
      `code=503 (rule ${rule.id})`,
      `code=503 (rule ${rule.id})`,
    ])
  })

  it('GET lists the rules with what remains; a used-up rule leaves the list', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const counted = await addRule(plane, { ...commentRule, count: 2 })
    const open = await addRule(plane, { path: '/RestApi/nothing-matches', status: 500 })
    expect((await listRules(plane)).map((r) => [r.id, r.remaining])).toEqual([
      [counted.id, 2],
      [open.id, null],
    ])
    await plane.request(commentsPath, commentUpdate(key, 'a'))
    expect((await listRules(plane)).map((r) => [r.id, r.remaining])).toEqual([
      [counted.id, 1],
      [open.id, null],
    ])
    await plane.request(commentsPath, commentUpdate(key, 'b'))
    expect((await listRules(plane)).map((r) => r.id)).toEqual([open.id])
    const settings = await readJson(await control(plane, 'GET', '/__mock/settings'))
    expect(settings.faults.map((r: { id: number }) => r.id)).toEqual([open.id])
  })

  it('a rule for another method does not apply', async () => {
    const plane = createPlane(way)
    await addRule(plane, { ...commentRule, method: 'POST' })
    const key = commentKey(plane.store)
    expect((await plane.request(commentsPath, commentUpdate(key, 'PUT passes.'))).status).toBe(200)
    expect((await listRules(plane))[0].remaining).toBe(3)
  })

  it('a rule without a method applies to any method', async () => {
    const plane = createPlane(way)
    await addRule(plane, { path: commentsPath, status: 502 })
    const response = await plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'x'))
    expect(response.status).toBe(502)
  })

  it('probability: applies when random() is below it, with an injected random', async () => {
    const plane = createPlane(way, { random: sequenceRandom([0.9, 0.1, 0.7, 0.49, 0.5]) })
    await addRule(plane, { method: 'PUT', path: commentsPath, status: 503, probability: 0.5 })
    const key = commentKey(plane.store)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await plane.request(commentsPath, commentUpdate(key, `p${i}`))).status)
    }
    expect(statuses).toEqual([200, 503, 200, 503, 200])
  })

  it('probability with a count counts only the requests it applied to', async () => {
    const plane = createPlane(way, { random: sequenceRandom([0.9, 0.1, 0.9, 0.1, 0.1]) })
    await addRule(plane, { path: commentsPath, status: 503, probability: 0.5, count: 2 })
    const key = commentKey(plane.store)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await plane.request(commentsPath, commentUpdate(key, `c${i}`))).status)
    }
    expect(statuses).toEqual([200, 503, 200, 503, 200])
  })

  it('a delay rule delays matching requests and answers them normally', async () => {
    const plane = createPlane(way)
    await addRule(plane, { method: 'PUT', path: abTestsPath, delay: 150 })
    const delayed = await timed(() => plane.request(abTestsPath, abTestCreate('Slow.')))
    expect(delayed.value?.status).toBe(200)
    expect(delayed.ms).toBeGreaterThanOrEqual(150 - early)
    // A request the rule does not match waits on no timer: answered with the clock stopped.
    fakeTimeouts()
    const quick = await settledWithoutTime(
      'the answer to a request the rule does not match',
      plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'Quick.')),
    )
    expect(quick.status).toBe(200)
    const [first] = await journalEntries(plane)
    expect(first).toMatchObject({ status: 200, delayMs: 150, fault: null })
  })

  it.each([
    ['"fault":"network"', { fault: 'network' }],
    ['"network":true', { network: true }],
  ])('a %s rule drops the connection', async (_, fault) => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const before = commentMessage(plane.store, key)
    const rule = await addRule(plane, { method: 'PUT', path: '/RestApi/comments-api/*', ...fault })
    expect(rule.network).toBe(true)
    const outcome = await plane.send(commentsPath, commentUpdate(key, 'Dropped.'))
    expect(outcome).toEqual(droppedAs[way])
    expect(commentMessage(plane.store, key)).toBe(before)
    expect((await plane.request(abTestsPath, abTestCreate('Fine.'))).status).toBe(200)
    const [entry] = await journalEntries(plane)
    expect(entry.fault).toBe(`network (rule ${rule.id})`)
  })

  it.each([
    ['/RestApi/*/comments', commentsPath, true],
    ['/RestApi/comments-api/*', commentsPath, true],
    ['*comments*', commentsPath, true],
    ['*', commentsPath, true],
    ['/restapi/COMMENTS-API/comments', commentsPath, true],
    ['/RestApi/comments', commentsPath, false],
    ['/RestApi/comments-api', commentsPath, false],
    ['/RestApi/*/comments', abTestsPath, false],
    ['/RestApi/ab-*', abTestsPath, true],
  ])('the pattern %s matches %s: %s', async (pattern, path, applies) => {
    const plane = createPlane(way)
    await addRule(plane, { path: pattern, status: 418 })
    const init =
      path === commentsPath
        ? commentUpdate(commentKey(plane.store), 'Glob.')
        : abTestCreate('Glob.')
    const response = await plane.request(path, init)
    expect(response.status).toBe(applies ? 418 : 200)
  })

  it('DELETE /__mock/faults/{id} removes one rule (204); an unknown id is a 404', async () => {
    const plane = createPlane(way)
    const comments = await addRule(plane, { path: commentsPath, status: 503 })
    const abTests = await addRule(plane, { path: abTestsPath, status: 500 })
    const removed = await control(plane, 'DELETE', `/__mock/faults/${comments.id}`)
    expect(removed.status).toBe(204)
    expect((await listRules(plane)).map((r) => r.id)).toEqual([abTests.id])
    const key = commentKey(plane.store)
    expect((await plane.request(commentsPath, commentUpdate(key, 'ok'))).status).toBe(200)
    expect((await plane.request(abTestsPath, abTestCreate('still failing'))).status).toBe(500)

    for (const id of [String(comments.id), '999', 'abc']) {
      const missing = await control(plane, 'DELETE', `/__mock/faults/${id}`)
      expect(missing.status).toBe(404)
      expect((await responseStatusOf(missing)).ErrorCode).toBe('NotFound')
    }
  })

  it('DELETE /__mock/faults clears all rules (204)', async () => {
    const plane = createPlane(way)
    await addRule(plane, { path: commentsPath, status: 503 })
    await addRule(plane, { path: abTestsPath, fault: 'network' })
    const cleared = await control(plane, 'DELETE', '/__mock/faults')
    expect(cleared.status).toBe(204)
    expect(await listRules(plane)).toEqual([])
    const key = commentKey(plane.store)
    expect((await plane.request(commentsPath, commentUpdate(key, 'ok'))).status).toBe(200)
    expect((await plane.request(abTestsPath, abTestCreate('ok'))).status).toBe(200)
  })

  it.each([
    ['[1]', 'a fault rule is a JSON object'],
    ['null', 'a fault rule is a JSON object'],
    ['{"path":"","status":503}', "'path' must be a non-empty string pattern"],
    ['{"path":5,"status":503}', "'path' must be a non-empty string pattern"],
    ['{"method":"P UT","status":503}', "'method' must be an HTTP method name"],
    ['{"method":7,"status":503}', "'method' must be an HTTP method name"],
    ['{"status":200}', "'status' must be a whole number from 400 to 599"],
    ['{"status":600}', "'status' must be a whole number from 400 to 599"],
    ['{"status":"503"}', "'status' must be a whole number from 400 to 599"],
    ['{"delay":-1}', "'delay' must be a whole number of ms from 0 to 60000"],
    ['{"delay":60001}', "'delay' must be a whole number of ms from 0 to 60000"],
    ['{"delay":1.5}', "'delay' must be a whole number of ms from 0 to 60000"],
    ['{"path":"/RestApi/x"}', "a fault rule needs a 'status', a 'delay' or"],
    ['{"fault":"timeout"}', "a fault rule needs a 'status', a 'delay' or"],
    ['{"status":503,"probability":0}', "'probability' must be a number above 0 and at most 1"],
    ['{"status":503,"probability":1.5}', "'probability' must be a number above 0 and at most 1"],
    ['{"status":503,"probability":"0.5"}', "'probability' must be a number above 0"],
    ['{"status":503,"count":0}', "'count' must be a whole number of at least 1"],
    ['{"status":503,"count":2.5}', "'count' must be a whole number of at least 1"],
  ])('POST %s answers 400 with the validation message', async (body, message) => {
    const plane = createPlane(way)
    const response = await control(plane, 'POST', '/__mock/faults', body)
    expect(response.status).toBe(400)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toContain('Failed to add the fault rule: ')
    expect(status.Message).toContain(message)
    expect(await listRules(plane)).toEqual([])
  })

  it('POST with a body that is not JSON answers 400 SerializationException', async () => {
    const plane = createPlane(way)
    const response = await control(plane, 'POST', '/__mock/faults', '{"status":')
    expect(response.status).toBe(400)
    expect((await responseStatusOf(response)).ErrorCode).toBe('SerializationException')
    expect(await listRules(plane)).toEqual([])
  })
})
