import { describe, expect, it } from 'vitest'
import { defaultMaxFaultRules, maxPatternLength } from '../../src/control/fault-rules.ts'
import { createMock, createStore } from '../../src/index.ts'
import {
  control,
  createPlane,
  fastestInTurns,
  growth,
  linearGrowthLimit,
  readJson,
  responseStatusOf,
  ways,
  type Plane,
} from '../support/index.ts'

// Issue 13, findings 2 and 7: a fault rule's pattern is matched without a backtracking regex,
// and both the pattern's length and the number of rules are capped, each cap a 400 naming it.

async function post(plane: Plane, rule: unknown): Promise<Response> {
  return control(plane, 'POST', '/__mock/faults', rule)
}

async function ruleCount(plane: Plane): Promise<number> {
  return ((await readJson(await control(plane, 'GET', '/__mock/faults'))).rules as unknown[]).length
}

describe.each(ways)('fault rule caps (%s)', (way) => {
  it(`takes a pattern of ${maxPatternLength} characters and refuses one more with a 400 naming the limit`, async () => {
    const plane = createPlane(way)
    const longest = `/RestApi/${'*'.repeat(maxPatternLength - 9)}`
    expect((await post(plane, { path: longest, status: 503 })).status).toBe(201)
    const response = await post(plane, { path: `${longest}x`, status: 503 })
    expect(response.status).toBe(400)
    const status = await responseStatusOf(response)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toBe(
      `Failed to add the fault rule: 'path' is ${maxPatternLength + 1} characters long, over the limit of ${maxPatternLength}`,
    )
    expect(await ruleCount(plane)).toBe(1)
  })

  it('refuses a rule past maxFaultRules with a 400 naming the option, and takes one again after a delete', async () => {
    const plane = createPlane(way, { maxFaultRules: 3 })
    for (let i = 0; i < 3; i++)
      expect((await post(plane, { path: `/x${i}`, status: 503 })).status).toBe(201)
    const refused = await post(plane, { path: '/x3', status: 503 })
    expect(refused.status).toBe(400)
    const status = await responseStatusOf(refused)
    expect(status.ErrorCode).toBe('ArgumentException')
    expect(status.Message).toBe(
      'Failed to add the fault rule: it would be rule 4, over the limit of 3 rules (maxFaultRules); delete rules first',
    )
    expect(await ruleCount(plane)).toBe(3)
    expect((await control(plane, 'DELETE', '/__mock/faults/1')).status).toBe(204)
    expect((await post(plane, { path: '/x3', status: 503 })).status).toBe(201)
  })

  it(`holds ${defaultMaxFaultRules} rules by default and refuses the next`, async () => {
    const plane = createPlane(way)
    const mock = plane.mock
    for (let i = 0; i < defaultMaxFaultRules; i++)
      expect(mock.control.faults.add({ path: `/x${i}`, status: 503 })).not.toBeTypeOf('string')
    const refused = await post(plane, { path: '/one-too-many', status: 503 })
    expect(refused.status).toBe(400)
    expect((await responseStatusOf(refused)).Message).toContain(
      `over the limit of ${defaultMaxFaultRules} rules (maxFaultRules)`,
    )
  })
})

describe('the maxFaultRules option', () => {
  it.each([-1, 1.5, Number.NaN])('refuses %s when the mock is built', (value) => {
    expect(() => createMock({ store: createStore({ seed: 1 }), maxFaultRules: value })).toThrow(
      /maxFaultRules must be a whole number of at least 0/,
    )
  })
})

describe.each(ways)('a pattern of many stars (%s)', (way) => {
  // Finding 2: `/RestApi/*a*a*a*a*a*a*a*a*b` took 20.6 s on one request as a regex (the old
  // `.*` per star: about 4 s on this path, and many times that for each few more characters).
  // Matched piece by piece it is microseconds, and a path 16 times as long takes at most 64
  // times as long (linear is 16; the regex grew without bound).
  it('answers a long path that does not match at once, and still applies a rule that does', async () => {
    const plane = createPlane(way)
    const rule = { path: '/RestApi/*a*a*a*a*a*a*a*a*b', status: 503 }
    expect((await post(plane, rule)).status).toBe(201)
    // The product segment takes any text, so the operation is reached through a long path.
    const pathOf = (size: number) => `/RestApi/${'a'.repeat(size)}/inlineediting/containersInfo`
    const path = pathOf(38)
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }
    const { ratio, summary } = await growth(
      async (size) => (await plane.request(pathOf(size), init)).text(),
      38 * 16,
    )
    expect(ratio, summary).toBeLessThan(linearGrowthLimit)
    const miss = await plane.request(path, init)
    // The operation's own answer to an empty message, not the rule's 503.
    expect(miss.status).toBe(400)
    expect(
      (await post(plane, { path: '/RestApi/*a*a*a*/CONTAINERSINFO', status: 503 })).status,
    ).toBe(201)
    expect((await plane.request(path, init)).status).toBe(503)
  })

  it('tries the cap of the worst rules on a 16 KB path (the longest Node lets through) in time that hardly depends on their length', async () => {
    // Each pattern is `*a…ab a…a*`: a search that compares afresh at each place takes time in
    // the path's length times the pattern's (seconds here); each rule looks at each character
    // of the path about once, so the longest patterns take about as long as short ones (1.4
    // times here), judged against those short ones in the same run rather than a clock.
    const path = `/RestApi/${'a'.repeat(16 * 1024)}/inlineediting/containersInfo`
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }
    const planeOfRules = (halfLength: number): Plane => {
      const plane = createPlane(way)
      const half = 'a'.repeat(halfLength)
      for (let i = 0; i < defaultMaxFaultRules; i++)
        expect(
          plane.mock.control.faults.add({ path: `*${half}b${i}${half}*`, status: 503 }),
        ).not.toBeTypeOf('string')
      return plane
    }
    const longest = planeOfRules((maxPatternLength - 8) / 2)
    const short = planeOfRules(4)
    const [shortMs = 0, longestMs = 0] = await fastestInTurns(
      [
        async () => (await short.request(path, init)).text(),
        async () => (await longest.request(path, init)).text(),
      ],
      2,
    )
    const summary = `short patterns ${shortMs.toFixed(1)} ms, the longest ${longestMs.toFixed(1)} ms`
    expect(longestMs / shortMs, summary).toBeLessThan(4)
    expect((await longest.request(path, init)).status).toBe(400)
  })
})
