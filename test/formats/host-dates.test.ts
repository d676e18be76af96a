import { describe, expect, it } from 'vitest'
import { kindOf, subTicksOf } from '../../src/wire/formats/date-handlers.ts'
import { parseDate, parseXsdDate } from '../../src/wire/formats/wcf-date.ts'
import { abTestsPath, createPlane, startServer, type Way } from '../support/index.ts'

// Issue 30, N21 and C12: dates as the real host reads and writes them. ServiceStack.Text's
// ParseShortestXsdDateTime (SST Common/DateTimeSerializer.cs l.82–195) gives each form a Kind,
// and Prepare() (l.57–66) makes it UTC under JsConfig.AlwaysUseUtc, which Sitefinity sets from
// CommentsModuleConfig.AlwaysUseUTC (SF Services/Comments/CommentServiceStackPlugin.cs l.25;
// true on a fresh install, Modules/Comments/Configuration/CommentsModuleConfig.cs l.106). The
// Kind decides the writers' suffix (WriteWcfJsonDate l.615–670); a 7-digit fraction keeps its
// ticks (PclExport.Net45.cs l.299–302, XmlConvert).

const newYear = Date.UTC(2020, 0, 1) // 1577836800000

describe('parseDate: the Kind of each form', () => {
  it.each([
    // [text, Kind under AlwaysUseUtc, Kind without it, instant]
    ['/Date(1577836800000)/', 'utc', 'utc', newYear],
    ['/Date(1577836800000-0000)/', 'utc', 'local', newYear],
    ['/Date(1577836800000+0200)/', 'utc', 'local', newYear + 7_200_000],
    ['2020-01-01T00:00:00Z', 'utc', 'local', newYear],
    ['2020-01-01T00:00:00.1234567Z', 'utc', 'local', newYear + 123],
    ['2020-01-01T00:00:00', 'utc', 'unspecified', newYear],
    ['2020-01-01T00:00:00.123', 'utc', 'unspecified', newYear + 123],
    ['2020-01-01T02:00:00+02:00', 'utc', 'local', newYear],
    ['2020-01-01', 'utc', 'local', newYear],
    ['20200101', 'unspecified', 'unspecified', newYear],
    ['Wed, 01 Jan 2020 00:00:00 GMT', 'utc', 'local', newYear],
  ] as const)('reads %s as %s (%s without AlwaysUseUtc)', (text, always, never, ms) => {
    const utc = parseDate(text, { alwaysUseUtc: true })
    const kept = parseDate(text, { alwaysUseUtc: false })
    expect([utc?.getTime(), kept?.getTime()]).toEqual([ms, ms])
    expect([kindOf(utc as Date), kindOf(kept as Date)]).toEqual([always, never])
  })

  it.each([
    ['2020-01-01T00:00:00.1234567Z', 123, 4567],
    ['2020-01-01T00:00:00.0000001Z', 0, 1],
    ['2020-01-01T00:00:00.12345678Z', 123, 4567],
    ['2020-01-01T00:00:00.5Z', 500, 0],
  ])('keeps the ticks of %s', (text, ms, ticks) => {
    const date = parseDate(text) as Date
    expect([date.getUTCMilliseconds(), subTicksOf(date)]).toEqual([ms, ticks])
  })

  it.each([
    ['2020-01-01T00:00:00Z', 'utc'],
    ['2020-01-01T02:00:00+02:00', 'local'],
    ['2020-01-01T00:00:00', 'unspecified'],
  ])('reads the XML %s with the Kind DataContractSerializer gives it: %s', (text, kind) => {
    const date = parseXsdDate(text) as Date
    expect([date.getTime(), kindOf(date)]).toEqual([newYear, kind])
  })

  it.each(['10000-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:00:00-02:00'])(
    'refuses the XML %s, outside DateTime',
    (text) => {
      expect(parseXsdDate(text)).toBeUndefined()
    },
  )
})

function put(body: string, suffix = '', type = 'application/json'): [string, RequestInit] {
  return [
    `${abTestsPath}${suffix}`,
    { method: 'PUT', headers: { 'Content-Type': type, Accept: 'application/json' }, body },
  ]
}

const offsets = String.raw`{"Title":"tz","StartDate":"\/Date(1577836800000+0200)\/","StopDate":"\/Date(1577836800000-0000)\/"}`

describe.each<Way>(['app', 'msw'])('dates through %s', (way) => {
  it('answers /Date(ms±HHMM)/ as UTC with the offset added, on a fresh install', async () => {
    const plane = createPlane(way)
    const text = await (await plane.request(...put(offsets))).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577844000000)\/"`)
    expect(text).toContain(String.raw`"StopDate":"\/Date(1577836800000)\/"`)
  })

  it.each([
    [
      'a JSV body',
      String.raw`{Title:tz,StartDate:\/Date(1577836800000+0200)\/}`,
      '',
      'application/jsv',
    ],
    ['a CSV body', 'Title,StartDate\r\ntz,/Date(1577836800000+0200)/\r\n', '', 'text/csv'],
    [
      'the query string',
      '{"Title":"tz"}',
      '?StartDate=/Date(1577836800000%2B0200)/',
      'application/json',
    ],
  ])('reads the offset the same way from %s', async (_, body, query, type) => {
    const plane = createPlane(way)
    const text = await (await plane.request(...put(body, query, type))).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577844000000)\/"`)
  })

  it('answers them as Local, +0000 on the UTC host, with alwaysUseUtc: false', async () => {
    const plane = createPlane(way, { alwaysUseUtc: false })
    const text = await (await plane.request(...put(offsets))).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577844000000+0000)\/"`)
    expect(text).toContain(String.raw`"StopDate":"\/Date(1577836800000+0000)\/"`)
  })

  it('writes yyyyMMdd as Unspecified even on a fresh install (no Prepare on that branch)', async () => {
    const plane = createPlane(way)
    const text = await (await plane.request(...put('{"Title":"d","StartDate":"20200101"}'))).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577836800000-0000)\/"`)
  })

  it.each([
    ['.xml', '<StopDate>2020-01-01T10:00:00.1234567Z</StopDate>'],
    ['.jsv', 'StopDate:2020-01-01T10:00:00.1234567Z'],
    ['.json', String.raw`"StopDate":"\/Date(1577872800123)\/"`],
    ['.json?jsconfig=dh:iso8601', '"StopDate":"2020-01-01T10:00:00.1234567Z"'],
  ])('keeps a 7-digit fraction in the %s answer where it writes ticks', async (suffix, written) => {
    const plane = createPlane(way)
    const body = '{"Title":"t","StopDate":"2020-01-01T10:00:00.1234567Z"}'
    expect(await (await plane.request(...put(body, suffix))).text()).toContain(written)
  })

  it('drops a date past DateTime.MaxValue with a warning, as ServiceStack.Text swallows the throw', async () => {
    const plane = createPlane(way)
    const body = String.raw`{"Title":"max","StartDate":"\/Date(253402300800000)\/"}`
    const response = await plane.request(...put(body))
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toContain('StartDate')
    expect(await response.text()).not.toContain('StartDate')
  })

  it('refuses an XML date past DateTime.MaxValue with 400, as DataContractSerializer does', async () => {
    const plane = createPlane(way)
    const xml =
      '<ABTestViewModel><StartDate>10000-01-01T00:00:00Z</StartDate><Title>x</Title></ABTestViewModel>'
    const response = await plane.request(...put(xml, '', 'application/xml'))
    expect(response.status).toBe(400)
  })

  it('writes an XML date without a zone back as Unspecified: -0000', async () => {
    const plane = createPlane(way)
    const xml =
      '<ABTestViewModel><StartDate>2020-01-01T00:00:00</StartDate><Title>x</Title></ABTestViewModel>'
    const text = await (await plane.request(...put(xml, '', 'application/xml'))).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577836800000-0000)\/"`)
  })
})

describe('alwaysUseUtc over the Node server', () => {
  it('is an option of createServer as of createMock', async () => {
    const server = await startServer({ alwaysUseUtc: false })
    const [path, init] = put(offsets)
    const text = await (await fetch(server.url + path, init)).text()
    expect(text).toContain(String.raw`"StartDate":"\/Date(1577844000000+0000)\/"`)
  })
})
