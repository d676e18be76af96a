import { describe, expect, it } from 'vitest'
import { formatJsv } from '../../src/wire/formats/jsv-format.ts'
import { commentKey, commentsPath, createPlane, type Way } from '../support/index.ts'

// Issue 30, N12: `?format=jsv&debug=<any>` answers JsvFormatter's indented JSV (SS
// Host/Handlers/ServiceStackHandlerBase.cs l.121–126, 282–291; SST TypeSerializer.cs l.311–319,
// JsvFormatter.cs). The type is the JSON one: WriteDebugResponse serializes for a
// `new BasicRequest { ContentType = PlainText }`, whose ResponseContentType stays the
// constructor's JSON (SS Host/BasicRequest.cs l.45; HttpResponseExtensionsInternal.cs l.159,
// 264–280).

describe('formatJsv, as JsvFormatter.Format', () => {
  it.each([
    ['a flat object', '{A:1,B:2}', '{\r\n\tA: 1,\r\n\tB: 2\r\n}'],
    [
      'a nested object and an empty list',
      '{A:{B:1},C:[]}',
      '{\r\n\tA: \r\n\t{\r\n\t\tB: 1\r\n\t},\r\n\tC: []\r\n}',
    ],
    ['a comma inside a quoted string', '{A:"x,y"}', '{\r\n\tA: "x,y"\r\n}'],
    ['a second colon in a value', '{A:b:c}', '{\r\n\tA: b:c\r\n}'],
    [
      'a list of objects',
      '{L:[{A:1},{A:2}]}',
      '{\r\n\tL: \r\n\t[\r\n\t\t{\r\n\t\t\tA: 1\r\n\t\t},\r\n\t\t{\r\n\t\t\tA: 2\r\n\t\t}\r\n\t]\r\n}',
    ],
  ])('indents %s', (_, compact, pretty) => {
    expect(formatJsv(compact)).toBe(pretty)
  })
})

describe.each<Way>(['app', 'msw'])('?format=jsv&debug through %s', (way) => {
  function put(
    plane: ReturnType<typeof createPlane>,
    query: string,
    body: string,
  ): Promise<Response> {
    return plane.request(`${commentsPath}${query}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
  }

  it('answers the indented JSV with the JSON Content-Type, ignoring ?jsconfig', async () => {
    const plane = createPlane(way)
    const key = commentKey(plane.store)
    const body = JSON.stringify({ Key: key, Message: 'dbg' })
    const compact = await put(plane, '?format=jsv&jsconfig=eccn', body)
    expect(compact.headers.get('content-type')).toBe('application/jsv')
    const debug = await put(plane, '?format=jsv&debug=anything&jsconfig=eccn', body)
    expect(debug.status).toBe(200)
    expect(debug.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await debug.text()
    expect(text).toMatch(/^\{\r\n\tKey: /)
    expect(text).toContain(',\r\n\tMessage: dbg,\r\n')
    // The same DTO as the compact answer without ?jsconfig, only indented.
    const plain = await (await put(plane, '?format=jsv', body)).text()
    expect(text).toBe(formatJsv(plain))
  })

  it('indents a service error too, keeping its status', async () => {
    const plane = createPlane(way)
    const response = await put(plane, '?format=jsv&debug=1', '{"Key":""}')
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(
      /^\{\r\n\tResponseStatus: \r\n\t\{\r\n\t\tErrorCode: ArgumentException,/,
    )
  })

  it.each([
    ['an empty debug value', '?format=jsv&debug=', '{"Key":""}'],
    ['an error raised before the service', '?format=jsv&debug=1', '{"Key":'],
  ])('answers compact JSV for %s', async (_, query, body) => {
    const plane = createPlane(way)
    const response = await put(plane, query, body)
    expect(response.headers.get('content-type')).toBe('application/jsv')
    expect(await response.text()).toMatch(/^\{ResponseStatus:\{ErrorCode:/)
  })
})
