import { describe, expect, it } from 'vitest'
import type { Store } from '../../src/index.ts'
import type { OperationCase, OperationRequest } from '../operations/operation-cases.ts'
import {
  bodyTypes,
  contentTypes,
  htmlCell,
  parseBack,
  varyHasAccept,
  wireFormats,
  type TestApp,
  type WireFormat,
} from '../support/index.ts'

// Every operation answered in every format, the format chosen each way the real host offers
// (decisions.md sections 1 and 2; servicestack-wire.md sections 1 and 2), and every body format
// reaching the operation with the same result (decisions.md section 3). Each operation is sent
// its own example request, and each answer is held against the same request's JSON answer from
// a fresh app: nothing here is written for one operation.

export type Mode = 'extension' | 'query' | 'accept' | 'no Accept' | 'browser Accept' | 'pre-defined'
type Readable = Exclude<WireFormat, 'html'>

/** What the matrix runs on: the operations' cases, and a fresh app serving them. */
export interface MatrixInput {
  readonly cases: readonly OperationCase[]
  readonly build: () => TestApp
}

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const acceptOf: Readonly<Record<Readable, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  jsv: 'application/jsv',
  csv: 'text/csv',
}

function modesOf(format: WireFormat, op: OperationCase): Mode[] {
  // HTML by Accept: the real host's default (no Accept) and a browser's Accept. HTML has no
  // request reader, so its pre-defined route is covered on its own below; a verb without a
  // body has only its path to carry the request, which a pre-defined route does not have.
  if (format === 'html') return ['extension', 'query', 'no Accept', 'browser Accept']
  return op.hasBody
    ? ['extension', 'query', 'accept', 'pre-defined']
    : ['extension', 'query', 'accept']
}

/** The request in `mode`: the example's JSON body at its route, or in `format` at `/{format}/reply/{Dto}`. */
export function matrixRequest(
  op: OperationCase,
  { format, mode, store }: { format: WireFormat; mode: Mode; store: Store },
): [string, RequestInit] {
  const request = op.request(store)
  const headers: Record<string, string> = op.hasBody ? { 'Content-Type': bodyTypes.json } : {}
  const route = op.path(store)
  let path = route
  let body: string | undefined = op.hasBody ? request.json : undefined
  if (mode === 'extension') path = `${route}.${format}`
  if (mode === 'query') path = `${route}?format=${format}`
  if (mode === 'accept') headers.Accept = acceptOf[format as Readable]
  if (mode === 'browser Accept') headers.Accept = browserAccept
  if (mode === 'pre-defined') {
    path = `/RestApi/${format}/reply/${op.dto}`
    body = request[format as Readable]
    headers['Content-Type'] = bodyTypes[format as Readable]
  }
  return [path, { method: op.method, headers, ...(body === undefined ? {} : { body }) }]
}

/** The example's answer as JSON from a fresh app: what every other way must answer too. */
async function expected(input: MatrixInput, op: OperationCase): Promise<Record<string, any>> {
  const { app, store } = input.build()
  const [path, init] = matrixRequest(op, { format: 'json', mode: 'accept', store })
  const response = await app.request(path, init)
  const text = await response.text()
  expect(response.status, text).toBe(200)
  return parseBack('json', text, op.responseDef).value
}

/** A value without its empty members: formats differ in whether they write a null at all. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null && member !== undefined && member !== '')
      .map(([name, member]) => [name, withoutEmpty(member)]),
  )
}

/** The Content-Disposition of a successful answer: CSV comes as an attachment named after the DTO. */
function dispositionOf(format: WireFormat, dto: string): string | null {
  return format === 'csv' ? `attachment;filename="${dto}.csv"` : null
}

/** Checks the headers of a successful answer in `format`; answers its text. */
async function answerText(
  response: Response,
  op: OperationCase,
  format: WireFormat,
): Promise<string> {
  const text = await response.text()
  expect(response.status, text).toBe(200)
  expect(response.headers.get('content-type')).toBe(contentTypes[format])
  expect(varyHasAccept(response)).toBe(true)
  expect(response.headers.get('x-mock-warning')).toBeNull()
  expect(response.headers.get('content-disposition')).toBe(dispositionOf(format, op.dto))
  return text
}

/** Checks a successful answer in a format that reads back as the operation's response DTO. */
async function expectAnswer(
  response: Response,
  { op, format, want }: { op: OperationCase; format: Readable; want: Record<string, any> },
): Promise<void> {
  const text = await answerText(response, op, format)
  const { value, warnings } = parseBack(format, text, op.responseDef)
  // The answer is what the real server writes: XML members in order, the right root.
  expect(warnings).toEqual([])
  expect(withoutEmpty(value)).toEqual(withoutEmpty(want))
}

/** The matrix's tests, for the operations of `input`. */
export function describeFormatMatrix(input: MatrixInput): void {
  const { cases } = input
  const matrix = cases.flatMap((op) =>
    wireFormats.flatMap((format) =>
      modesOf(format, op).map((mode) => [op.name, format, mode, op] as const),
    ),
  )
  const readableMatrix = matrix.filter(
    (row): row is readonly [string, Readable, Mode, OperationCase] => row[1] !== 'html',
  )
  const withBody = cases.filter((op) => op.hasBody)

  describe('every operation in every format, chosen every way', () => {
    it.each(readableMatrix)('answers the %s as %s chosen by %s', async (_, format, mode, op) => {
      const want = await expected(input, op)
      const { app, store } = input.build()
      const response = await app.request(...matrixRequest(op, { format, mode, store }))
      await expectAnswer(response, { op, format, want })
    })

    it.each(matrix.filter(([, format]) => format === 'html'))(
      'answers the %s as %s chosen by %s',
      async (_, format, mode, op) => {
        const want = await expected(input, op)
        const { app, store } = input.build()
        const response = await app.request(...matrixRequest(op, { format, mode, store }))
        const text = await answerText(response, op, format)
        expect(text.startsWith('<!doctype html>')).toBe(true)
        const shown = Object.entries(want).filter(
          ([, value]) => typeof value === 'string' && value !== '',
        )
        expect(shown.length).toBeGreaterThan(0)
        for (const [name, value] of shown) expect(htmlCell(text, name), name).toBe(value)
      },
    )
  })

  // What follows sends a body: a verb that carries none (GET) has nothing more to check.
  if (withBody.length === 0) return

  describe('the pre-defined /html/reply/{RequestDto} route', () => {
    // HTML has no request reader (HtmlFormat registers no deserializer), so the body is ignored
    // as on the real host, and the mock says so. The answer is still the HTML page, with the
    // status the operation gives a request with no fields.
    it.each(withBody.map((op) => [op.name, op] as const))(
      'answers the %s as an HTML page, the body ignored with a warning',
      async (_, op) => {
        const empty = input.build()
        const status = (
          await empty.app.request(`/RestApi/json/reply/${op.dto}`, {
            method: op.method,
            headers: { 'Content-Type': bodyTypes.json },
            body: '{}',
          })
        ).status
        const { app, store } = input.build()
        const response = await app.request(`/RestApi/html/reply/${op.dto}`, {
          method: op.method,
          headers: { 'Content-Type': bodyTypes.json, Accept: 'application/json' },
          body: op.request(store).json,
        })
        expect(response.status).toBe(status)
        expect(response.headers.get('content-type')).toBe('text/html')
        expect(response.headers.get('x-mock-warning')).toMatch(/ignored/)
        const html = await response.text()
        expect(html.startsWith('<!doctype html>')).toBe(true)
        expect(html).toContain(`<title>${op.dto} Snapshot of `)
      },
    )
  })

  describe('every body format reaches the operation with the same result', () => {
    const kinds = [
      'JSON',
      'JSV',
      'XML',
      'CSV',
      'text/json',
      'text/jsv',
      'text/xml; charset=utf-8',
      'CSV in one-line JSON notation',
      'CSV in pretty-printed JSON notation',
      'form-urlencoded',
      'multipart',
    ] as const
    type BodyKind = (typeof kinds)[number]

    function bodyOf(kind: BodyKind, request: OperationRequest): RequestInit {
      const typed = (contentType: string, body: string): RequestInit => ({
        headers: { 'Content-Type': contentType, Accept: 'application/json' },
        body,
      })
      const bodies: Readonly<Record<BodyKind, () => RequestInit>> = {
        JSON: () => typed(bodyTypes.json, request.json),
        JSV: () => typed(bodyTypes.jsv, request.jsv),
        XML: () => typed(bodyTypes.xml, request.xml),
        CSV: () => typed(bodyTypes.csv, request.csv),
        'text/json': () => typed('text/json', request.json),
        'text/jsv': () => typed('text/jsv', request.jsv),
        'text/xml; charset=utf-8': () => typed('text/xml; charset=utf-8', request.xml),
        'CSV in one-line JSON notation': () => typed(bodyTypes.csv, JSON.stringify(request.object)),
        'CSV in pretty-printed JSON notation': () =>
          typed(bodyTypes.csv, JSON.stringify(request.object, null, 2)),
        'form-urlencoded': () =>
          typed(
            'application/x-www-form-urlencoded',
            new URLSearchParams(request.form.map(([k, v]) => [k, v])).toString(),
          ),
        multipart: () => {
          const form = new FormData()
          for (const [name, value] of request.form) form.append(name, value)
          return { headers: { Accept: 'application/json' }, body: form }
        },
      }
      return bodies[kind]()
    }

    const rows = withBody.flatMap((op) => kinds.map((kind) => [op.name, kind, op] as const))

    it.each(rows)('reads the %s from a %s body', async (_, kind, op) => {
      const baseline = input.build()
      const expectedText = await (
        await baseline.app.request(op.path(baseline.store), {
          method: op.method,
          ...bodyOf('JSON', op.request(baseline.store)),
        })
      ).text()

      const { app, store } = input.build()
      const response = await app.request(op.path(store), {
        method: op.method,
        ...bodyOf(kind, op.request(store)),
      })
      const text = await response.text()
      expect(response.status, text).toBe(200)
      expect(response.headers.get('x-mock-warning')).toBeNull()
      // Same store, same clock: the answer is byte-identical whatever the body's format.
      expect(text).toBe(expectedText)
    })
  })

  describe('the spec’s text/csv samples in JSON notation', () => {
    const rows = withBody.flatMap((op) =>
      (['one-line', 'pretty-printed'] as const).map((style) => [op.name, style, op] as const),
    )

    it.each(rows)(
      'answers the %s in CSV for Accept: text/csv and a %s JSON-notation text/csv body',
      async (_, style, op) => {
        const want = await expected(input, op)
        const { app, store } = input.build()
        const object = op.request(store).object
        const response = await app.request(op.path(store), {
          method: op.method,
          headers: { Accept: 'text/csv', 'Content-Type': 'text/csv' },
          body: style === 'one-line' ? JSON.stringify(object) : JSON.stringify(object, null, 2),
        })
        await expectAnswer(response, { op, format: 'csv', want })
      },
    )
  })
}
