import { describe, expect, it } from 'vitest'
import type { Store } from '../../src/index.ts'
import {
  operationCases,
  type OperationCase,
  type OperationRequest,
} from '../operations/operation-cases.ts'
import {
  bodyTypes,
  contentTypes,
  buildHostApp,
  parseBack,
  varyHasAccept,
  wireFormats,
  type WireFormat,
} from '../support/index.ts'

// Every operation answered in every format, the format chosen each way the real host offers
// (decisions.md sections 1 and 2; servicestack-wire.md sections 1 and 2), and every body format
// reaching the operation with the same result (decisions.md section 3).

type Mode = 'extension' | 'query' | 'accept' | 'no Accept' | 'browser Accept' | 'pre-defined'

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const acceptOf: Readonly<Record<Exclude<WireFormat, 'html'>, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  jsv: 'application/jsv',
  csv: 'text/csv',
}

function modesOf(format: WireFormat): Mode[] {
  // HTML by Accept: the real host's default (no Accept) and a browser's Accept. HTML has no
  // request reader, so its pre-defined route is covered on its own below.
  return format === 'html'
    ? ['extension', 'query', 'no Accept', 'browser Accept']
    : ['extension', 'query', 'accept', 'pre-defined']
}

const matrix = operationCases.flatMap((op) =>
  wireFormats.flatMap((format) =>
    modesOf(format).map((mode) => [op.name, format, mode, op] as const),
  ),
)

function send(
  app: ReturnType<typeof buildHostApp>['app'],
  op: OperationCase,
  format: WireFormat,
  mode: Mode,
  request: OperationRequest,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': bodyTypes.json }
  let path = op.path
  let body = request.json
  switch (mode) {
    case 'extension':
      path = `${op.path}.${format}`
      break
    case 'query':
      path = `${op.path}?format=${format}`
      break
    case 'accept':
      headers.Accept = acceptOf[format as Exclude<WireFormat, 'html'>]
      break
    case 'browser Accept':
      headers.Accept = browserAccept
      break
    case 'no Accept':
      break
    case 'pre-defined': {
      const bodyFormat = format as Exclude<WireFormat, 'html'>
      path = `/RestApi/${format}/reply/${op.dto}`
      body = request[bodyFormat]
      headers['Content-Type'] = bodyTypes[bodyFormat]
      break
    }
  }
  return Promise.resolve(app.request(path, { method: op.method, headers, body }))
}

/** The Content-Disposition of a successful answer: CSV comes as an attachment named after the DTO. */
const dispositionOf: Readonly<Record<WireFormat, (dto: string) => string | null>> = {
  json: () => null,
  xml: () => null,
  jsv: () => null,
  csv: (dto) => `attachment;filename="${dto}.csv"`,
  html: () => null,
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
  expect(response.headers.get('content-disposition')).toBe(dispositionOf[format](op.dto))
  return text
}

/** Checks a successful answer in a format that reads back as the operation's response DTO. */
async function expectAnswer(
  response: Response,
  op: OperationCase,
  format: Exclude<WireFormat, 'html'>,
  store: Store,
): Promise<void> {
  const text = await answerText(response, op, format)
  const { value, warnings } = parseBack(format, text, op.responseDef)
  // The answer is what the real server writes: XML members in order, the right root.
  expect(warnings).toEqual([])
  op.check(value, store)
}

const readableMatrix = matrix.filter(
  (row): row is readonly [string, Exclude<WireFormat, 'html'>, Mode, OperationCase] =>
    row[1] !== 'html',
)

describe('every operation in every format, chosen every way', () => {
  it.each(readableMatrix)('answers the %s as %s chosen by %s', async (_, format, mode, op) => {
    const { app, store } = buildHostApp()
    const response = await send(app, op, format, mode, op.request(store))
    await expectAnswer(response, op, format, store)
  })

  it.each(matrix.filter(([, format]) => format === 'html'))(
    'answers the %s as %s chosen by %s',
    async (_, format, mode, op) => {
      const { app, store } = buildHostApp()
      const response = await send(app, op, format, mode, op.request(store))
      const text = await answerText(response, op, format)
      expect(text.startsWith('<!doctype html>')).toBe(true)
      op.checkHtml(text, store)
    },
  )
})

describe('the pre-defined /html/reply/{RequestDto} route', () => {
  // HTML has no request reader (HtmlFormat registers no deserializer), so the body is ignored
  // as on the real host, and the mock says so. The answer is still the HTML page.
  it.each(
    operationCases.map(
      (op) => [op.name, op.dto, op.name === 'A/B test update' ? 200 : 400, op] as const,
    ),
  )(
    'answers the %s (%s) as an HTML page with status %i, the body ignored with a warning',
    async (_, dto, status, op) => {
      const { app, store } = buildHostApp()
      const response = await app.request(`/RestApi/html/reply/${dto}`, {
        method: op.method,
        headers: { 'Content-Type': bodyTypes.json, Accept: 'application/json' },
        body: op.request(store).json,
      })
      expect(response.status).toBe(status)
      expect(response.headers.get('content-type')).toBe('text/html')
      expect(response.headers.get('x-mock-warning')).toMatch(/ignored/)
      const html = await response.text()
      expect(html.startsWith('<!doctype html>')).toBe(true)
      expect(html).toContain(`<h1>${dto}</h1>`)
    },
  )
})

describe('every body format reaches the operation with the same result', () => {
  type BodyKind =
    | 'JSON'
    | 'JSV'
    | 'XML'
    | 'CSV'
    | 'text/json'
    | 'text/jsv'
    | 'text/xml; charset=utf-8'
    | 'CSV in one-line JSON notation'
    | 'CSV in pretty-printed JSON notation'
    | 'form-urlencoded'
    | 'multipart'

  const kinds: BodyKind[] = [
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
  ]

  function bodyOf(kind: BodyKind, request: OperationRequest): RequestInit {
    const typed = (contentType: string, body: string): RequestInit => ({
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      body,
    })
    switch (kind) {
      case 'JSON':
        return typed(bodyTypes.json, request.json)
      case 'JSV':
        return typed(bodyTypes.jsv, request.jsv)
      case 'XML':
        return typed(bodyTypes.xml, request.xml)
      case 'CSV':
        return typed(bodyTypes.csv, request.csv)
      case 'text/json':
        return typed('text/json', request.json)
      case 'text/jsv':
        return typed('text/jsv', request.jsv)
      case 'text/xml; charset=utf-8':
        return typed('text/xml; charset=utf-8', request.xml)
      case 'CSV in one-line JSON notation':
        return typed(bodyTypes.csv, JSON.stringify(request.object))
      case 'CSV in pretty-printed JSON notation':
        return typed(bodyTypes.csv, JSON.stringify(request.object, null, 2))
      case 'form-urlencoded':
        return typed(
          'application/x-www-form-urlencoded',
          new URLSearchParams(request.form.map(([k, v]) => [k, v])).toString(),
        )
      case 'multipart': {
        const form = new FormData()
        for (const [name, value] of request.form) form.append(name, value)
        return { headers: { Accept: 'application/json' }, body: form }
      }
    }
  }

  const cases = operationCases.flatMap((op) => kinds.map((kind) => [op.name, kind, op] as const))

  it.each(cases)('reads the %s from a %s body', async (_, kind, op) => {
    const baseline = buildHostApp()
    const expected = await (
      await baseline.app.request(op.path, {
        method: op.method,
        ...bodyOf('JSON', op.request(baseline.store)),
      })
    ).text()

    const { app, store } = buildHostApp()
    const response = await app.request(op.path, {
      method: op.method,
      ...bodyOf(kind, op.request(store)),
    })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    expect(response.headers.get('x-mock-warning')).toBeNull()
    op.check(parseBack('json', text, op.responseDef).value, store)
    // Same store, same clock: the answer is byte-identical whatever the body's format.
    expect(text).toBe(expected)
  })
})

describe('the spec’s text/csv samples in JSON notation', () => {
  const cases = operationCases.flatMap((op) =>
    (['one-line', 'pretty-printed'] as const).map((style) => [op.name, style, op] as const),
  )

  it.each(cases)(
    'answers the %s in CSV for Accept: text/csv and a %s JSON-notation text/csv body',
    async (_, style, op) => {
      const { app, store } = buildHostApp()
      const object = op.request(store).object
      const response = await app.request(op.path, {
        method: op.method,
        headers: { Accept: 'text/csv', 'Content-Type': 'text/csv' },
        body: style === 'one-line' ? JSON.stringify(object) : JSON.stringify(object, null, 2),
      })
      await expectAnswer(response, op, 'csv', store)
    },
  )
})

describe('a UTF-8 byte order mark before the body', () => {
  const cases = (['json', 'jsv', 'xml', 'csv'] as const).map((format) => [format] as const)

  it.each(cases)('reads a %s body that starts with a BOM', async (format) => {
    const op = operationCases[0] as OperationCase
    const { app, store } = buildHostApp()
    const request = op.request(store)
    const body =
      format === 'xml' ? `<?xml version="1.0" encoding="utf-8"?>${request.xml}` : request[format]
    const response = await app.request(op.path, {
      method: op.method,
      headers: { 'Content-Type': bodyTypes[format], Accept: 'application/json' },
      body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]),
    })
    const text = await response.text()
    expect(response.status, text).toBe(200)
    op.check(parseBack('json', text, op.responseDef).value, store)
  })
})
