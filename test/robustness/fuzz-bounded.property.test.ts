import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { abTestsPath, commentKey, commentsPath, createPlane, type Plane } from '../support/index.ts'
import { listLimit } from '../../src/wire/index.ts'
import { checkProperty, fuzzRuns } from './fuzz-runs.ts'
import { containersPath, floodContentTypes, type FloodFormat } from './flood-bodies.ts'

// Issue 13, build point 7: `npm run fuzz` floods the mock with warnings and drives its control
// plane with random sequences, and checks that everything a request leaves behind stays bounded
// (warnings, Errors, journal bytes, snapshots) and that no request is ever a 5xx.

const floodRuns = fuzzRuns(12, 1 / 10)
const planeRuns = fuzzRuns(40, 1 / 5)

// A value where a FieldModel object is due, and how many warnings it makes in JSON and in JSV
// (quotes removed): the real server drops the first four and the fifth's MinLength; {} binds,
// and so does null in JSON, while JSV reads `null` as text.
const fieldValues = [
  ['1', 1, 1],
  ['"text"', 1, 1],
  ['true', 1, 1],
  ['[1]', 1, 1],
  ['{"MinLength":"x"}', 1, 1],
  ['null', 0, 1],
  ['{}', 0, 0],
] as const

const floodCase = fc.record({
  way: fc.constantFrom('app', 'msw'),
  strict: fc.boolean(),
  format: fc.constantFrom<FloodFormat>('json', 'jsv'),
  containers: fc.integer({ min: 1, max: 40 }),
  fields: fc.integer({ min: 0, max: 3000 }),
  values: fc.array(fc.integer({ min: 0, max: fieldValues.length - 1 }), {
    minLength: 1,
    maxLength: 8,
  }),
})

/** The body and the number of warnings it must make. */
function floodOf(
  format: FloodFormat,
  containers: number,
  fields: number,
  values: number[],
): { body: string; warnings: number } {
  let warnings = 0
  const items: string[] = []
  for (let i = 0; i < fields; i++) {
    const [text, json, jsv] = fieldValues[values[i % values.length] as number] ?? fieldValues[0]
    items.push(format === 'json' ? text : text.replaceAll('"', ''))
    warnings += format === 'json' ? json : jsv
  }
  const id = '00000000-0000-0000-0000-000000000001'
  // The empty page id names no page to look up, and a page control's type resolves (the flood
  // bodies' choice, test/robustness/flood-bodies.ts): the answer is the 200 the test reads.
  const pageId = '00000000-0000-0000-0000-000000000000'
  const type = 'Telerik.Sitefinity.Pages.Model.PageControl'
  const container =
    format === 'json'
      ? `{"ItemId":"${id}","ItemType":"${type}","Fields":[${items.join(',')}]}`
      : `{ItemId:${id},ItemType:${type},Fields:[${items.join(',')}]}`
  const list = Array(containers).fill(container).join(',')
  const body =
    format === 'json'
      ? `{"PageId":"${pageId}","ContainersInfo":[${list}]}`
      : `{PageId:${pageId},ContainersInfo:[${list}]}`
  return { body, warnings: warnings * containers }
}

describe('fuzzed warning floods', () => {
  it('leave at most 100 warnings or Errors behind, in a bounded header, journal and body', async () => {
    const property = fc.asyncProperty(floodCase, async (c) => {
      const plane = createPlane(c.way, { strict: c.strict, journalBytes: 256 * 1024 })
      const { mock } = plane
      const flood = floodOf(c.format, c.containers, c.fields, c.values)
      const response = await plane.request(containersPath, {
        method: 'POST',
        headers: { 'Content-Type': floodContentTypes[c.format] },
        body: flood.body,
      })
      const text = await response.text()
      expect(response.status).toBe(c.strict && flood.warnings > 0 ? 400 : 200)
      // A refusal is small whatever the body; an answer echoes the message, as the real one.
      const refusal = response.status === 400 ? text : ''
      expect(refusal.length).toBeLessThan(64 * 1024)
      const header = response.headers.get('x-mock-warning') ?? ''
      expect(header.length).toBeLessThanOrEqual(2000)
      const [entry] = mock.control.journal.entries(1)
      expect(entry?.warnings.length ?? 0).toBeLessThanOrEqual(listLimit)
      expect(entry?.warnings.join('; ').length ?? 0).toBeLessThanOrEqual(4096)
      expect(mock.control.journal.bytes).toBeLessThanOrEqual(256 * 1024)
      const errors = (JSON.parse(text) as { ResponseStatus?: { Errors?: unknown[] } })
        .ResponseStatus?.Errors
      expect(errors?.length ?? 0).toBeLessThanOrEqual(listLimit)
      // Whatever was cut, the last item counts what it left out: the totals add up.
      const shown = c.strict ? (errors?.length ?? 0) : (entry?.warnings.length ?? 0)
      const last = c.strict
        ? ((errors?.at(-1) as { Message?: string } | undefined)?.Message ?? '')
        : (entry?.warnings.at(-1) ?? '')
      const more = Number(/^… and (\d+) more$/.exec(last)?.[1] ?? 0)
      expect(more === 0 ? shown : shown - 1 + more).toBe(flood.warnings)
    })
    expect(await checkProperty('warning floods', property, floodRuns)).toBeGreaterThan(0)
    // Megabyte bodies in every format: slow on a machine busy with the rest of the suite.
  }, 60_000)
})

type PlaneStep =
  | { readonly op: 'save' | 'restore' | 'delete'; readonly name: string }
  | { readonly op: 'page'; readonly query: string }
  | { readonly op: 'journal'; readonly limit: string }
  | { readonly op: 'update'; readonly message: string }
  | { readonly op: 'create' | 'reset' }

const snapshotName = fc.oneof(
  fc.constantFrom('a', 'b', 'c', 'd', 'e', 'Ünïcode snapshot'),
  // Names that stay one path segment: no slash, and no `.` or `..`, which URLs resolve away.
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !/[/\\]/.test(s) && !/^\s*\.*\s*$/.test(s)),
  fc.integer({ min: 150, max: 260 }).map((n) => 'n'.repeat(n)),
)
const pageQuery = fc
  .record({
    offset: fc.option(fc.oneof(fc.nat(60), fc.constantFrom('-1', 'x', '99999999999')), {
      nil: undefined,
    }),
    limit: fc.option(fc.oneof(fc.nat(12_000), fc.constantFrom('', '1.5')), { nil: undefined }),
    kind: fc.option(fc.constantFrom('Comments', 'abtests,Services', 'Nope', ',', 'comments,'), {
      nil: undefined,
    }),
  })
  .map((q) =>
    Object.entries(q)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
      .join('&'),
  )
const planeStep: fc.Arbitrary<PlaneStep> = fc.oneof(
  fc.record({ op: fc.constantFrom('save', 'restore', 'delete'), name: snapshotName }),
  fc.record({ op: fc.constant('page'), query: pageQuery }),
  fc.record({ op: fc.constant('journal'), limit: fc.constantFrom('50', '0', '-3', 'x', '') }),
  fc.record({ op: fc.constant('update'), message: fc.string({ maxLength: 40 }) }),
  fc.record({ op: fc.constantFrom('create', 'reset') }),
) as fc.Arbitrary<PlaneStep>

/**
 * What `GET /__mock/state?<query>` must answer, worked out apart from the mock: the whole state
 * without `offset`, `limit` or `kind`, else a page, or null for a 400.
 */
function expectedPage(query: string, whole: Record<string, unknown[]>): object | null {
  const params = new URLSearchParams(query)
  if (!['offset', 'limit', 'kind'].some((name) => params.has(name))) return whole
  const number = (text: string | null, fallback: number): number | undefined =>
    text === null ? fallback : /^\d{1,9}$/.test(text.trim()) ? Number(text) : undefined
  const offset = number(params.get('offset'), 0)
  const limit = number(params.get('limit'), 200)
  if (offset === undefined || limit === undefined || limit > 10_000) return null
  const names = Object.keys(whole)
  const asked = (params.get('kind') ?? '')
    .split(',')
    .map((text) => text.trim().toLowerCase())
    .filter((text) => text !== '')
  if (asked.some((kind) => !names.some((name) => name.toLowerCase() === kind))) return null
  const kinds = names.filter((name) => asked.length === 0 || asked.includes(name.toLowerCase()))
  const page: Record<string, unknown> = {}
  for (const name of kinds) page[name] = (whole[name] ?? []).slice(offset, offset + limit)
  page.Counts = Object.fromEntries(names.map((name) => [name, whole[name]?.length]))
  page.Offset = offset
  page.Limit = limit
  return page
}

/** What one step answered, and what it left behind as seen and as the model expects it. */
interface StepResult {
  readonly status: number
  readonly observed: unknown
  readonly expected: unknown
}

/**
 * Runs steps against one mock and a model of its snapshots (each saved name and the state text
 * it was saved with), so each step answers what it saw beside what the model says.
 */
function planeStepRunner(
  plane: Plane,
  maxSnapshots: number,
): (step: PlaneStep) => Promise<StepResult> {
  const call = (method: string, path: string, init: RequestInit = {}): Promise<Response> =>
    plane.request(path, { method, ...init })
  const state = async (): Promise<string> => (await call('GET', '/__mock/state')).text()
  const saved = new Map<string, string>()
  const methods = { save: 'POST', restore: 'PUT', delete: 'DELETE' } as const

  async function snapshotStep(
    op: 'save' | 'restore' | 'delete',
    name: string,
  ): Promise<StepResult> {
    const before = await state()
    const known = saved.has(name)
    const response = await call(methods[op], `/__mock/snapshots/${encodeURIComponent(name)}`)
    const fits = name.length <= 200 && (known || saved.size < maxSnapshots)
    const status = { save: fits ? 201 : 400, restore: known ? 200 : 404, delete: known ? 204 : 404 }
    // After a restore the state is the one saved; otherwise it did not change.
    const stateAfter = op === 'restore' && known ? saved.get(name) : before
    if (op === 'save' && fits) saved.set(name, before)
    if (op === 'delete') saved.delete(name)
    return {
      status: response.status,
      observed: {
        status: response.status,
        state: await state(),
        snapshots: plane.mock.snapshots.size,
        withinCap: plane.mock.snapshots.size <= maxSnapshots,
      },
      expected: { status: status[op], state: stateAfter, snapshots: saved.size, withinCap: true },
    }
  }

  async function pageStep(query: string): Promise<StepResult> {
    const response = await call('GET', `/__mock/state?${query}`)
    const whole = JSON.parse(await state()) as Record<string, unknown[]>
    const text = await response.text()
    const page = response.status === 200 ? (JSON.parse(text) as object) : null
    return { status: response.status, observed: page, expected: expectedPage(query, whole) }
  }

  async function journalStep(limit: string): Promise<StepResult> {
    const response = await call('GET', `/__mock/journal?limit=${limit}`)
    const small = (await response.text()).length < 1024 * 1024
    return {
      status: response.status,
      observed: { underOneMiB: small },
      expected: { underOneMiB: true },
    }
  }

  /** A step whose only check is that it is never a 5xx. */
  async function answered(response: Promise<Response>): Promise<StepResult> {
    return { status: (await response).status, observed: null, expected: null }
  }

  return (step) => {
    switch (step.op) {
      case 'save':
      case 'restore':
      case 'delete':
        return snapshotStep(step.op, step.name)
      case 'page':
        return pageStep(step.query)
      case 'journal':
        return journalStep(step.limit)
      case 'update':
        return answered(
          call('PUT', commentsPath, {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ Key: commentKey(plane.store), Message: step.message }),
          }),
        )
      case 'create':
        return answered(
          call('PUT', abTestsPath, {
            headers: { 'Content-Type': 'application/json' },
            body: '{"Title":"Fuzzed"}',
          }),
        )
      case 'reset':
        return answered(call('POST', '/__mock/reset'))
    }
  }
}

describe('fuzzed control-plane sequences', () => {
  it('never answer a 5xx, keep the snapshot cap, and page what the whole state holds', async () => {
    const property = fc.asyncProperty(
      fc.constantFrom('app', 'msw'),
      fc.integer({ min: 0, max: 4 }),
      fc.array(planeStep, { minLength: 1, maxLength: 25 }),
      async (way, maxSnapshots, steps) => {
        const store = createStore({ seed: 1, counts: { comments: 40 } })
        const plane = createPlane(way, { store, maxSnapshots })
        const run = planeStepRunner(plane, maxSnapshots)
        for (const step of steps) {
          const { status, observed, expected } = await run(step)
          expect(observed, step.op).toEqual(expected)
          expect(status).toBeLessThan(500)
        }
      },
    )
    expect(await checkProperty('control-plane sequences', property, planeRuns)).toBeGreaterThan(0)
  })
})
