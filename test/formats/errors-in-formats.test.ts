import { describe, expect, it } from 'vitest'
import { ErrorResponse } from '../../src/model/index.ts'
import {
  bodyTypes,
  buildHostApp,
  commentKey,
  contentTypes,
  htmlModel,
  parseBack,
  streamedRequest,
  varyHasAccept,
  wireFormats,
  type WireFormat,
} from '../support/index.ts'

// Errors in every negotiated format (decisions.md sections 3 and 4; servicestack-wire.md
// section 8), malformed bodies in every reader format, and the limits.

const comments = '/RestApi/comments-api/comments'
const createService = '/RestApi/apiservice/createService'
const mib = 1024 * 1024

function putComment(app: ReturnType<typeof buildHostApp>['app'], query: string, body: object) {
  return app.request(`${comments}${query}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('the same service error in every format', () => {
  const invalidKey: Readonly<Record<Exclude<WireFormat, 'html'>, string>> = {
    json: '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
    xml:
      '<?xml version="1.0" encoding="utf-8"?><ErrorResponse xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.servicestack.net/types">' +
      '<ResponseStatus><ErrorCode>ArgumentException</ErrorCode><Message>Invalid Key.</Message><StackTrace i:nil="true" /><Errors /><Meta i:nil="true" /></ResponseStatus></ErrorResponse>',
    jsv: '{ResponseStatus:{ErrorCode:ArgumentException,Message:Invalid Key.,Errors:[]}}',
    csv: 'ResponseStatus\r\n"{ErrorCode:ArgumentException,Message:Invalid Key.,Errors:[]}"\r\n',
  }

  it.each(Object.entries(invalidKey))(
    'answers a blank Key with 400 ArgumentException, exactly, in %s',
    async (format, expected) => {
      const { app } = buildHostApp()
      const response = await putComment(app, `?format=${format}`, { Key: '  ' })
      expect(response.status).toBe(400)
      // A service's own exception: the reason phrase is its ErrorCode.
      expect(response.statusText).toBe('ArgumentException')
      expect(response.headers.get('content-type')).toBe(contentTypes[format as WireFormat])
      expect(varyHasAccept(response)).toBe(true)
      expect(await response.text()).toBe(expected)
    },
  )

  it('answers a blank Key with an HTML error page in HTML', async () => {
    const { app } = buildHostApp()
    const response = await putComment(app, '', { Key: '' })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html')
    const html = await response.text()
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(htmlModel(html).ResponseStatus).toMatchObject({
      ErrorCode: 'ArgumentException',
      Message: 'Invalid Key.',
    })
  })

  it('escapes the error message in the HTML page', async () => {
    const { app } = buildHostApp()
    const response = await putComment(app, '', { Key: '<b>"x" & y</b>' })
    expect(response.status).toBe(404)
    const html = await response.text()
    // HtmlEncodeLite: < and > as entities in the embedded JSON, the rest as JSON writes it.
    expect(html).toContain('"Message":"Comment not found: &lt;b&gt;\\"x\\" & y&lt;/b&gt;"')
    expect(html).not.toContain('<b>"x"')
  })

  it('writes the CSV attachment header on a CSV error raised inside the service', async () => {
    const { app } = buildHostApp()
    const response = await putComment(app, '?format=csv', { Key: '' })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment;filename="CommentUpdateRequest.csv"',
    )
  })

  it.each(wireFormats.filter((format) => format !== 'html'))(
    'writes an error that reads back as an ErrorResponse in %s',
    async (format) => {
      const { app } = buildHostApp()
      const response = await putComment(app, `?format=${format}`, { Key: 'no such key' })
      expect(response.status).toBe(404)
      expect(response.statusText).toBe('ItemNotFoundException')
      const { value } = parseBack(format, await response.text(), ErrorResponse)
      expect(value.ResponseStatus).toMatchObject({
        ErrorCode: 'ItemNotFoundException',
        Message: 'Comment not found: no such key',
        Errors: [],
      })
    },
  )
})

describe('messages that need quoting in CSV and JSV', () => {
  it.each([
    [
      'jsv',
      '{ResponseStatus:{ErrorCode:ItemNotFoundException,Message:"Comment not found: a,b",Errors:[]}}',
    ],
    [
      'csv',
      'ResponseStatus\r\n"{ErrorCode:ItemNotFoundException,Message:""Comment not found: a,b"",Errors:[]}"\r\n',
    ],
    [
      'json',
      '{"ResponseStatus":{"ErrorCode":"ItemNotFoundException","Message":"Comment not found: a,b","Errors":[]}}',
    ],
  ])('quotes a message with ":" and "," in %s', async (format, expected) => {
    const { app } = buildHostApp()
    const response = await putComment(app, `?format=${format}`, { Key: 'a,b' })
    expect(response.status).toBe(404)
    expect(await response.text()).toBe(expected)
  })

  it.each([
    [
      'jsv',
      '{ResponseStatus:{ErrorCode:ItemNotFoundException,Message:"Comment not found: say ""hi""",Errors:[]}}',
    ],
    [
      'csv',
      'ResponseStatus\r\n"{ErrorCode:ItemNotFoundException,Message:""Comment not found: say """"hi"""""",Errors:[]}"\r\n',
    ],
  ])('doubles the quotes of a quoted message in %s', async (format, expected) => {
    const { app } = buildHostApp()
    const response = await putComment(app, `?format=${format}`, { Key: 'say "hi"' })
    expect(await response.text()).toBe(expected)
  })

  const routeNull = {
    json: '{"ResponseStatus":{"ErrorCode":"ArgumentNullException","Message":"Value cannot be null.\\r\\nParameter name: Route","Errors":[{"ErrorCode":"ArgumentNullException","FieldName":"Route","Message":"Value cannot be null."}]}}',
    jsv: '{ResponseStatus:{ErrorCode:ArgumentNullException,Message:"Value cannot be null.\r\nParameter name: Route",Errors:[{ErrorCode:ArgumentNullException,FieldName:Route,Message:Value cannot be null.}]}}',
    csv: 'ResponseStatus\r\n"{ErrorCode:ArgumentNullException,Message:""Value cannot be null.\r\nParameter name: Route"",Errors:[{ErrorCode:ArgumentNullException,FieldName:Route,Message:Value cannot be null.}]}"\r\n',
    xml:
      '<?xml version="1.0" encoding="utf-8"?><ErrorResponse xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.servicestack.net/types">' +
      '<ResponseStatus><ErrorCode>ArgumentNullException</ErrorCode><Message>Value cannot be null.\r\nParameter name: Route</Message><StackTrace i:nil="true" />' +
      '<Errors><ResponseError><ErrorCode>ArgumentNullException</ErrorCode><FieldName>Route</FieldName><Message>Value cannot be null.</Message><Meta i:nil="true" /></ResponseError></Errors>' +
      '<Meta i:nil="true" /></ResponseStatus></ErrorResponse>',
  }

  it.each(Object.entries(routeNull))(
    'writes the ArgumentNullException of createService (CR LF and ":") in %s',
    async (format, expected) => {
      const { app } = buildHostApp()
      const response = await app.request(`${createService}?format=${format}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(400)
      expect(response.statusText).toBe('ArgumentNullException')
      expect(await response.text()).toBe(expected)
    },
  )
})

describe('malformed bodies', () => {
  // Each is a SerializationException but the wide CSV row: CsvReader's ArgumentOutOfRangeException
  // is what the host reports (issue 30, B12; src/wire/formats/csv-read.ts).
  const serialization = 'SerializationException'
  const malformed: readonly (readonly [string, string, string, string, string])[] = [
    ['broken JSON', comments, bodyTypes.json, '{"Key":"a","Message":', serialization],
    ['broken JSV', comments, bodyTypes.jsv, '{Key:abc', serialization],
    ['broken XML', comments, bodyTypes.xml, '<a><b></a>', serialization],
    [
      'XML with a DOCTYPE',
      comments,
      bodyTypes.xml,
      '<?xml version="1.0"?><!DOCTYPE CommentUpdateRequest [<!ENTITY x "y">]><CommentUpdateRequest><Key>&x;</Key></CommentUpdateRequest>',
      serialization,
    ],
    [
      'a CSV row wider than its header',
      comments,
      bodyTypes.csv,
      'Key,Message\r\na,b,c\r\n',
      'ArgumentOutOfRangeException',
    ],
    [
      'broken JSV in a CSV cell',
      createService,
      bodyTypes.csv,
      'Route,Types\r\n/api/x,"[{Name:News"\r\n',
      serialization,
    ],
    ['broken JSON notation in text/csv', comments, bodyTypes.csv, '{"Key":"a', serialization],
    [
      'a broken multipart body',
      comments,
      'multipart/form-data; boundary=zzz',
      'not multipart',
      serialization,
    ],
  ]

  /** Sends a malformed body asking for `format`; checks the 400 and answers its text. */
  async function refusedIn(
    format: WireFormat,
    path: string,
    contentType: string,
    body: string,
  ): Promise<string> {
    const { app } = buildHostApp()
    const method = path === comments ? 'PUT' : 'POST'
    const response = await app.request(`${path}?format=${format}`, {
      method,
      headers: { 'Content-Type': contentType },
      body,
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe(contentTypes[format])
    // An error before the service runs keeps the standard reason phrase.
    expect(['', 'Bad Request']).toContain(response.statusText)
    return response.text()
  }

  // The formats that read back as a DTO, and the HTML page, which shows it as a table.
  const readableCases = malformed.flatMap(([name, path, contentType, body, code]) =>
    (['json', 'xml', 'jsv', 'csv'] as const).map(
      (format) => [name, format, code, path, contentType, body] as const,
    ),
  )
  const htmlCases = malformed.map(
    ([name, path, contentType, body, code]) =>
      [name, 'html' as const, code, path, contentType, body] as const,
  )

  it.each(readableCases)(
    'answers %s in %s with 400 %s, never a 500',
    async (_, format, code, path, contentType, body) => {
      const text = await refusedIn(format, path, contentType, body)
      const { value } = parseBack(format, text, ErrorResponse)
      expect(value.ResponseStatus.ErrorCode).toBe(code)
      expect(value.ResponseStatus.Message).not.toBe('')
    },
  )

  it.each(htmlCases)(
    'answers %s in %s with 400 %s, never a 500',
    async (_, format, code, path, contentType, body) => {
      const text = await refusedIn(format, path, contentType, body)
      expect(htmlModel(text).ResponseStatus.ErrorCode).toBe(code)
    },
  )

  it('writes no CSV attachment header on an error raised before the service runs', async () => {
    // servicestack-wire.md section 2.2: deserialization errors go through
    // WriteErrorToResponse, which runs no response filters, so CsvFormat adds no header.
    const { app } = buildHostApp()
    const response = await app.request(`${comments}?format=csv`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"Key":',
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/csv')
    expect(response.headers.get('content-disposition')).toBeNull()
  })
})

describe('limits in every format', () => {
  async function status(
    path: string,
    method: string,
    contentType: string,
    body: string,
  ): Promise<{ status: number; errorCode: string | undefined }> {
    const { app } = buildHostApp()
    const response = await app.request(path, {
      method,
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      body,
    })
    const text = await response.text()
    const errorCode =
      response.status >= 400
        ? (JSON.parse(text) as { ResponseStatus: { ErrorCode: string } }).ResponseStatus.ErrorCode
        : undefined
    return { status: response.status, errorCode }
  }

  const key = commentKey(buildHostApp().store)

  // Each body nests `levels` deep, the root object counted as 1; unknown members carry the depth.
  const nesting: readonly (readonly [
    string,
    string,
    string,
    string,
    (levels: number) => string,
  ])[] = [
    [
      'JSON',
      comments,
      'PUT',
      bodyTypes.json,
      (n) => `{"Key":"${key}","Deep":${'{"a":'.repeat(n - 2)}{}${'}'.repeat(n - 2)}}`,
    ],
    [
      'JSV',
      comments,
      'PUT',
      bodyTypes.jsv,
      (n) => `{Key:${key},Deep:${'{a:'.repeat(n - 2)}{}${'}'.repeat(n - 2)}}`,
    ],
    [
      'XML',
      comments,
      'PUT',
      bodyTypes.xml,
      (n) =>
        `<CommentUpdateRequest><Key>${key}</Key>${'<a>'.repeat(n - 1)}${'</a>'.repeat(n - 1)}</CommentUpdateRequest>`,
    ],
    [
      'a CSV cell of JSV',
      createService,
      'POST',
      bodyTypes.csv,
      // Row object 1, Types list 2, its item 3, then the unknown member's objects.
      (n) =>
        `Route,Types\r\n/api/deep,"[{Name:News,X:${'{a:'.repeat(n - 4)}{}${'}'.repeat(n - 4)}}]"\r\n`,
    ],
    [
      'text/csv in JSON notation',
      comments,
      'PUT',
      bodyTypes.csv,
      (n) => `{"Key":"${key}","Deep":${'{"a":'.repeat(n - 2)}{}${'}'.repeat(n - 2)}}`,
    ],
  ]

  it.each(nesting)(
    'accepts %s nested 64 levels deep and answers 400 for 65',
    async (_, path, method, contentType, body) => {
      expect((await status(path, method, contentType, body(64))).status).toBe(200)
      expect(await status(path, method, contentType, body(65))).toEqual({
        status: 400,
        errorCode: 'SerializationException',
      })
    },
  )

  it.each(nesting)(
    'answers a hostile nesting depth in %s with 400, not a crash',
    async (_, path, method, contentType, body) => {
      expect((await status(path, method, contentType, body(100_000))).status).toBe(400)
    },
  )

  const arrays: readonly (readonly [string, string, string, string, (items: number) => string])[] =
    [
      [
        'JSV',
        comments,
        'PUT',
        bodyTypes.jsv,
        (n) => `{Key:${key},Extra:[${Array(n).fill('0').join(',')}]}`,
      ],
      [
        'XML',
        createService,
        'POST',
        bodyTypes.xml,
        (n) =>
          `<CreateService><Route>/api/many</Route><Types>${'<ContentsProxy />'.repeat(n)}</Types></CreateService>`,
      ],
      [
        'a CSV cell of JSV',
        createService,
        'POST',
        bodyTypes.csv,
        (n) => `Route,Types\r\n/api/many,"[${Array(n).fill('{}').join(',')}]"\r\n`,
      ],
    ]

  it.each(arrays)(
    'accepts an array of 10,000 items in %s and answers 400 for 10,001',
    async (_, path, method, contentType, body) => {
      expect((await status(path, method, contentType, body(10_000))).status).toBe(200)
      expect(await status(path, method, contentType, body(10_001))).toEqual({
        status: 400,
        errorCode: 'SerializationException',
      })
    },
  )

  const big = 'a'.repeat(mib + 1)
  const oversized: readonly (readonly [string, string, string])[] = [
    ['JSON', bodyTypes.json, `{"Key":"${key}","Message":"${big}"}`],
    ['JSV', bodyTypes.jsv, `{Key:${key},Message:${big}}`],
    [
      'XML',
      bodyTypes.xml,
      `<CommentUpdateRequest><Key>${key}</Key><Message>${big}</Message></CommentUpdateRequest>`,
    ],
    ['CSV', bodyTypes.csv, `Key,Message\r\n${key},${big}\r\n`],
    ['form-urlencoded', 'application/x-www-form-urlencoded', `Key=${key}&Message=${big}`],
  ]

  it.each(oversized)('answers 413 for a %s body over 1 MiB', async (_, contentType, body) => {
    const { app } = buildHostApp()
    const response = await app.request(comments, {
      method: 'PUT',
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      body,
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('content-type')).toBe(contentTypes.json)
    const text = await response.text()
    expect(JSON.parse(text).ResponseStatus.Message).toContain('over the limit')
  })

  it('answers 413 for a multipart body over 1 MiB with a Content-Length', async () => {
    const { app } = buildHostApp()
    const body =
      `--zzz\r\nContent-Disposition: form-data; name="Key"\r\n\r\n${key}\r\n` +
      `--zzz\r\nContent-Disposition: form-data; name="Message"\r\n\r\n${big}\r\n--zzz--\r\n`
    const response = await app.request(comments, {
      method: 'PUT',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=zzz',
        'Content-Length': String(new TextEncoder().encode(body).byteLength),
        Accept: 'application/json',
      },
      body,
    })
    expect(response.status).toBe(413)
  })

  it('answers 413 for a streamed multipart body over 1 MiB without a Content-Length', async () => {
    // A chunked stream, not a FormData body: cancelling undici's own FormData stream midway
    // rejects inside undici (Node 24), whatever the reader does.
    const { app, store } = buildHostApp()
    const parts = [
      `--zzz\r\nContent-Disposition: form-data; name="Key"\r\n\r\n${key}\r\n`,
      '--zzz\r\nContent-Disposition: form-data; name="Message"\r\n\r\n',
      ...Array<string>(17).fill('a'.repeat(64 * 1024)),
      '\r\n--zzz--\r\n',
    ]
    const request = streamedRequest(
      comments,
      {
        method: 'PUT',
        headers: {
          'Content-Type': 'multipart/form-data; boundary=zzz',
          Accept: 'application/json',
        },
      },
      parts,
    )
    expect(request.headers.get('content-length')).toBeNull()
    const response = await app.request(request)
    expect(response.status).toBe(413)
    expect(store.state.comments.get(key)?.Message).not.toMatch(/^a+$/)
  })
})
