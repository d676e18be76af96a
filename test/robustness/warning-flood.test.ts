import { describe, expect, it } from 'vitest'
import { ErrorResponse } from '../../src/model/index.ts'
import { ContainerInfoMessage } from '../../src/model/index.ts'
import {
  bindDto,
  errorResponse,
  listLimit,
  ServiceError,
  WarningList,
  type RequestContext,
} from '../../src/wire/index.ts'
import { buildApp, testContext, type TestApp } from '../support/index.ts'
import { containersPath, floodBody, floodRequest, type FloodFormat } from './flood-bodies.ts'

// Issue 13, finding 3: a 1 MB body of wrongly typed values gave about 500,000 warnings. The
// header was cut, but the journal kept them all (GET /__mock/journal?limit=50 returned 513 MB),
// the log wrote a 42 MB line per request, strict mode answered a 65–111 MB error body, and 32
// such requests crashed the process. Every per-request list now stops at 100 items.

const more = /^… and (\d+) more$/

/** An app whose log lines are kept, so tests can measure them. */
function flooded(strict = false): TestApp & { lines: string[] } {
  const lines: string[] = []
  return { ...buildApp({ strict, log: (line) => lines.push(line) }), lines }
}

/** The number an `… and N more` item ends with, or 0 for an ordinary item. */
function moreCount(item: string | undefined): number {
  return Number(more.exec(item ?? '')?.[1] ?? 0)
}

// A megabyte in JSON and JSV: 50 containers of 9,999 dropped values. XML: 16,000 FieldModels
// with their members out of order (each a warning), as much as fits in the body limit.
const cases: readonly (readonly [FloodFormat, number, number])[] = [
  ['json', 50, 9_999],
  ['jsv', 50, 9_999],
  ['xml', 2, 8_000],
]

describe.each(cases)('a %s body flooding the mock with warnings', (format, containers, fields) => {
  const flood = floodBody(format, containers, fields)

  it('answers with an X-Mock-Warning of at most 2,000 characters that counts the rest', async () => {
    const { app } = flooded()
    const response = await app.request(containersPath, floodRequest(flood))
    expect(response.status).toBe(200)
    const header = response.headers.get('x-mock-warning') ?? ''
    expect(header.length).toBeLessThanOrEqual(2000)
    const shown = header.match(flood.marker)?.length ?? 0
    const last = /; \.\.\. and (\d+) more$/.exec(header)
    expect(shown).toBeGreaterThan(0)
    expect(Number(last?.[1])).toBe(flood.warnings - shown)
  })

  it('keeps at most 100 warnings and a few KB of their text in the journal and the log', async () => {
    const { app, mock, lines } = flooded()
    for (let i = 0; i < 3; i++) await app.request(containersPath, floodRequest(flood))
    const entries = mock.control.journal.entries()
    expect(entries).toHaveLength(3)
    for (const entry of entries) {
      expect(entry.warnings.length).toBeLessThanOrEqual(listLimit)
      expect(entry.warnings.join('; ').length).toBeLessThanOrEqual(4096)
      expect(moreCount(entry.warnings.at(-1))).toBe(flood.warnings - (entry.warnings.length - 1))
    }
    // What the log is handed is the capped list: at most 100 warnings of 300 characters.
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line.length).toBeLessThan(listLimit * 300 + 500)
    const journal = await app.request('/__mock/journal?limit=50')
    expect((await journal.text()).length).toBeLessThan(100_000)
  })
})

describe.each(cases.filter(([format]) => format !== 'xml'))(
  'a %s body of wrongly typed values in strict mode',
  (format, containers, fields) => {
    const flood = floodBody(format, containers, fields)

    it('answers 400 with 100 Errors, the last counting the rest, in a small body', async () => {
      const { app } = flooded(true)
      const response = await app.request(containersPath, floodRequest(flood))
      expect(response.status).toBe(400)
      const text = await response.text()
      expect(text.length).toBeLessThan(64 * 1024)
      const errors = (JSON.parse(text) as ErrorResponse).ResponseStatus?.Errors ?? []
      expect(errors).toHaveLength(listLimit)
      expect(errors.at(-1)).toEqual({ ErrorCode: 'TooManyErrors', Message: expect.any(String) })
      expect(moreCount(errors.at(-1)?.Message ?? '')).toBe(flood.warnings - (listLimit - 1))
    })
  },
)

describe('an XML body of out-of-order members in strict mode', () => {
  it('answers 400 with a message of a few KB that counts the warnings it left out', async () => {
    const flood = floodBody('xml', 2, 8_000)
    const { app } = flooded(true)
    const response = await app.request(containersPath, floodRequest(flood))
    expect(response.status).toBe(400)
    const message = (JSON.parse(await response.text()) as ErrorResponse).ResponseStatus?.Message
    expect(message?.length).toBeLessThanOrEqual(4096)
    const shown = message?.match(flood.marker)?.length ?? 0
    const last = /; … and (\d+) more$/.exec(message ?? '')
    expect(shown).toBeGreaterThan(0)
    expect(Number(last?.[1])).toBe(flood.warnings - shown)
  })
})

describe('the lists behind the warnings', () => {
  it('the binder keeps 100 issues and only counts the rest', () => {
    const flood = floodBody('json', 50, 9_999)
    const bound = bindDto(ContainerInfoMessage, JSON.parse(flood.body), new Date(0))
    expect(bound.issues).toHaveLength(listLimit)
    expect(bound.moreIssues).toBe(flood.warnings - listLimit)
  })

  it('errorResponse ends a list of more than 100 Errors with how many it left out', async () => {
    const ctx = jsonContext()
    const errors = Array.from({ length: 250 }, (_, i) => ({ FieldName: `F${i}`, Message: 'bad' }))
    const answer = errorResponse(
      ctx,
      new ServiceError(400, 'ArgumentException', 'Many problems', { errors, errorsLeftOut: 1000 }),
    )
    const status = (JSON.parse(answer.body) as ErrorResponse).ResponseStatus
    expect(status?.Errors).toHaveLength(listLimit)
    expect(status?.Errors?.[98]?.FieldName).toBe('F98')
    expect(status?.Errors?.at(-1)).toEqual({
      ErrorCode: 'TooManyErrors',
      Message: '… and 1151 more',
    })
  })

  it('a warning list keeps 100 warnings of at most 300 characters, then counts', () => {
    const warnings = new WarningList()
    warnings.add('x'.repeat(10_000))
    for (let i = 1; i < 100; i++) warnings.add(`warning ${i}`)
    expect(warnings.list).toHaveLength(100)
    expect(warnings.list[0]).toHaveLength(300)
    warnings.add('one too many')
    warnings.addUnwritten(499_899)
    expect(warnings.count).toBe(500_000)
    expect(warnings.list).toHaveLength(100)
    expect(warnings.list.at(-2)).toBe('warning 98')
    expect(warnings.list.at(-1)).toBe('… and 499901 more')
  })
})

/** A request context answering JSON, as the dispatcher would build it. */
function jsonContext(): RequestContext {
  return testContext()
}
