import { describe, expect, it } from 'vitest'
import type { Format } from '../../src/wire/index.ts'
import { commentKey, buildHostApp, parseBack, varyHasAccept } from '../support/index.ts'
import { CommentResponse } from '../../src/model/index.ts'

// The worked examples of servicestack-wire.md section 1.8 and the rest of the algorithm of
// section 1.1, end to end through app.request (decisions.md section 2).

const comments = '/RestApi/comments-api/comments'

interface Example {
  readonly path?: string
  readonly accept?: string
  readonly contentType?: string
  readonly defaultFormat?: Format
}

/** A valid comment update written in the format its Content-Type names. */
function bodyFor(contentType: string | undefined, key: string): string {
  const type = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase()
  switch (type) {
    case 'text/csv':
      return `Key,Message\r\n${key},negotiated\r\n`
    case 'application/xml':
      return `<CommentUpdateRequest><Key>${key}</Key><Message>negotiated</Message></CommentUpdateRequest>`
    case 'application/jsv':
      return `{Key:${key},Message:negotiated}`
    case 'application/x-www-form-urlencoded':
      return `Key=${key}&Message=negotiated`
    default:
      return JSON.stringify({ Key: key, Message: 'negotiated' })
  }
}

async function ask(example: Example): Promise<Response> {
  const { app, store } = buildHostApp(
    example.defaultFormat ? { defaultFormat: example.defaultFormat } : {},
  )
  const headers: Record<string, string> = {
    'Content-Type': example.contentType ?? 'application/json',
  }
  if (example.accept !== undefined) headers.Accept = example.accept
  return app.request(example.path ?? comments, {
    method: 'PUT',
    headers,
    body: bodyFor(example.contentType, commentKey(store)),
  })
}

describe('the worked examples of servicestack-wire.md section 1.8', () => {
  const json = 'application/json; charset=utf-8'
  const examples: readonly (readonly [string, Example, string])[] = [
    ['Accept: text/csv', { accept: 'text/csv' }, 'text/csv'],
    [
      'Accept: text/csv with Content-Type: text/csv',
      { accept: 'text/csv', contentType: 'text/csv' },
      'text/csv',
    ],
    ['Accept: text/csv, application/json', { accept: 'text/csv, application/json' }, json],
    [
      'Accept: application/xml;q=0.1, application/json;q=0.2',
      { accept: 'application/xml;q=0.1, application/json;q=0.2' },
      json,
    ],
    [
      'Accept: */* with Content-Type: text/csv',
      { accept: '*/*', contentType: 'text/csv' },
      'text/csv',
    ],
    [
      'Accept: */* with Content-Type: application/json',
      { accept: '*/*', contentType: 'application/json' },
      json,
    ],
    [
      'Accept: */* with Content-Type: application/json; charset=utf-8 (echoed raw)',
      { accept: '*/*', contentType: 'application/json; charset=utf-8' },
      'application/json; charset=utf-8',
    ],
    [
      'Accept: */* with Content-Type: application/json;charset=UTF-8 (echoed raw)',
      { accept: '*/*', contentType: 'application/json;charset=UTF-8' },
      'application/json;charset=UTF-8',
    ],
    ['no Accept with Content-Type: application/json', {}, 'text/html'],
    [
      'no Accept with defaultFormat json',
      { defaultFormat: 'json' },
      'application/json; charset=utf-8',
    ],
    ['Accept: image/png', { accept: 'image/png' }, 'text/html'],
    [
      '?format=csv with Accept: application/json',
      { path: `${comments}?format=csv`, accept: 'application/json' },
      'text/csv',
    ],
    ['/comments.csv?format=json', { path: `${comments}.csv?format=json` }, 'text/csv'],
    ['?format=CSV', { path: `${comments}?format=CSV` }, 'text/csv'],
    [
      '?format=bogus with Accept: text/csv',
      { path: `${comments}?format=bogus`, accept: 'text/csv' },
      'text/csv',
    ],
  ]

  it.each(examples)('answers %s with its Content-Type', async (_, example, contentType) => {
    const response = await ask(example)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(contentType)
    expect(varyHasAccept(response)).toBe(true)
  })

  it('answers /comments.CSV with a plain-text 404 (extensions are case-sensitive)', async () => {
    const response = await ask({ path: `${comments}.CSV`, accept: 'text/csv' })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('404')
  })

  it('answers ?callback=f&format=csv with JSON wrapped in f(...) as text/javascript', async () => {
    const { app, store } = buildHostApp()
    const key = commentKey(store)
    const response = await app.request(`${comments}?callback=f&format=csv`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Key: key, Message: 'jsonp' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript')
    expect(response.headers.get('content-disposition')).toBeNull()
    const text = await response.text()
    expect(text).toMatch(/^f\(\{"Key":.*\}\)$/s)
    const { value } = parseBack('json', text.slice(2, -1), CommentResponse)
    expect(value).toMatchObject({ Key: key, Message: 'jsonp' })
  })

  it('wraps an error in the callback too', async () => {
    const { app } = buildHostApp()
    const response = await app.request(`${comments}?callback=app.onError`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/xml' },
      body: '{"Key":""}',
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/javascript')
    expect(await response.text()).toBe(
      'app.onError({"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}})',
    )
  })
})

describe('a callback that is not a JavaScript name', () => {
  // Issue 18: ServiceStack 5 makes the name safe (SafeVarRef): any character but letters,
  // digits, `.` and `_` becomes `_`. Nothing but a name ever reaches the script.
  it.each([
    ['a-b', 'a_b'],
    ['alert(1)//', 'alert_1___'],
    ['f;alert(1)', 'f_alert_1_'],
    ['<script>', '_script_'],
    ['a b', 'a_b'],
    ['$jq', '_jq'],
    ['app.on$', 'app.on_'],
    ['1f', '1f'],
  ])('answers ?callback=%s as %s(...)', async (callback, safe) => {
    const { app, store } = buildHostApp()
    const response = await app.request(`${comments}?callback=${encodeURIComponent(callback)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: commentKey(store), Message: 'plain' }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript')
    const text = await response.text()
    expect(text.startsWith(`${safe}({"Key":`)).toBe(true)
    expect(text.endsWith('})')).toBe(true)
  })
})

describe('the rest of the negotiation', () => {
  const examples: readonly (readonly [string, Example, string])[] = [
    [
      'a browser Accept',
      { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      'text/html',
    ],
    [
      'a browser Accept with defaultFormat json (HTML is still registered)',
      {
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        defaultFormat: 'json',
      },
      'text/html',
    ],
    [
      'Accept: */* and no body type of its own',
      { accept: '*/*', contentType: 'application/x-www-form-urlencoded' },
      'text/html',
    ],
    [
      'Accept: application/json, application/xml with an XML body (the request type wins)',
      { accept: 'application/json, application/xml', contentType: 'application/xml' },
      'application/xml',
    ],
    ['Accept: text/json (aliases do not apply to Accept)', { accept: 'text/json' }, 'text/html'],
    ['Accept: text/*', { accept: 'text/*' }, 'text/html'],
    [
      'Accept: application/jsonl (matched by prefix)',
      { accept: 'application/jsonl' },
      'application/json; charset=utf-8',
    ],
    ['Accept: TEXT/CSV;q=0.5', { accept: 'TEXT/CSV;q=0.5' }, 'text/csv'],
    [
      'Accept: */* with Content-Type: text/csv; charset=utf-8 (echoed raw)',
      { accept: '*/*', contentType: 'text/csv; charset=utf-8' },
      'text/csv; charset=utf-8',
    ],
    [
      '?format=jsonreport (contains json)',
      { path: `${comments}?format=jsonreport` },
      'application/json; charset=utf-8',
    ],
    [
      '?format=json.pretty',
      { path: `${comments}?format=json.pretty` },
      'application/json; charset=utf-8',
    ],
    ['?format=XML', { path: `${comments}?format=XML` }, 'application/xml'],
    [
      'the .jsv extension over Accept: application/json',
      { path: `${comments}.jsv`, accept: 'application/json' },
      'application/jsv',
    ],
    [
      'the .html extension over ?format=json',
      { path: `${comments}.html?format=json` },
      'text/html',
    ],
    [
      'the pre-defined /csv/reply route over Accept: application/json',
      {
        path: '/RestApi/csv/reply/CommentUpdateRequest',
        accept: 'application/json',
        contentType: 'text/csv',
      },
      'text/csv',
    ],
    [
      '?format=xml over the pre-defined /csv/reply route',
      { path: '/RestApi/csv/reply/CommentUpdateRequest?format=xml', contentType: 'text/csv' },
      'application/xml',
    ],
  ]

  it.each(examples)('answers %s with %s', async (_, example, contentType) => {
    const response = await ask(example)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(contentType)
  })

  it('writes the CSV attachment only for the exact type text/csv', async () => {
    const exact = await ask({ accept: '*/*', contentType: 'text/csv' })
    expect(exact.headers.get('content-disposition')).toBe(
      'attachment;filename="CommentUpdateRequest.csv"',
    )
    // servicestack-wire.md section 2.2: an echoed `text/csv; charset=utf-8` gets none.
    const echoed = await ask({ accept: '*/*', contentType: 'text/csv; charset=utf-8' })
    expect(echoed.headers.get('content-disposition')).toBeNull()
  })

  it('never answers 406', async () => {
    const response = await ask({ accept: 'application/pdf, image/*' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html')
  })
})

describe('names that Object.prototype has are values like any other', () => {
  // Regression: the Content-Type table was a plain object, so `constructor` found Object and the
  // answer was a 500. Each of these must be read as the unknown value it is.
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']

  for (const name of names) {
    it(`Content-Type: ${name} is a type with no reader (a warning, not a 500)`, async () => {
      const { app, store } = buildHostApp()
      const response = await app.request(comments, {
        method: 'PUT',
        headers: { 'Content-Type': name, Accept: 'application/json' },
        body: JSON.stringify({ Key: commentKey(store), Message: 'm' }),
      })
      expect(response.status).toBe(400)
      expect(response.headers.get('x-mock-warning')).toMatch(
        new RegExp(`^Content-Type '${name}' has no reader: the body was ignored, `),
      )
    })

    it(`?jsconfig=dh:${name},tc:${name} is ignored, as unknown values are`, async () => {
      const { app, store } = buildHostApp()
      const response = await app.request(`${comments}?jsconfig=dh:${name},tc:${name}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ Key: commentKey(store), Message: 'm' }),
      })
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).toMatch(/^\{"Key":"[^"]+",.*"DateCreated":"\\\/Date\(-?\d+\)\\\/"/)
    })
  }
})
