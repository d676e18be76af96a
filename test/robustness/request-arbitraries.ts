import fc from 'fast-check'
import { fieldPair, payload, type Payload } from './body-arbitraries.ts'
import { oneOf } from './pick.ts'
import { target } from './route-arbitraries.ts'

// Whole HTTP requests for the app fuzzing: a method, a path (route-arbitraries.ts), a query
// string, headers and a body (body-arbitraries.ts). Every generated request can be built as a
// web-standard Request; what the mock makes of it is the property under test.

/** One generated request, kept as plain data so fast-check can print and shrink it. */
export interface FuzzRequest {
  readonly method: string
  /** Starts with `/`; may hold `%zz`, `//`, dot segments, `?` or `#`. */
  readonly path: string
  /** '' or `?...`, as sent. */
  readonly query: string
  readonly headers: readonly (readonly [string, string])[]
  readonly body: Uint8Array | null
}

/** Header values: printable ASCII, some Latin-1, tabs (what a Headers object can carry). */
const headerText = fc.string({
  unit: fc
    .oneof(
      { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
      { weight: 1, arbitrary: fc.constant(0x09) },
    )
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
})
const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/)

/** Names that a plain object lookup finds on Object.prototype: every table must miss them. */
const prototypeNames = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']

const acceptValue = fc.oneof(
  oneOf(
    ['application/json', 'application/xml', 'application/jsv', 'text/jsv', 'text/csv'],
    ['text/html', '*/*', 'text/csv, application/json', 'application/json; q=0.1, text/xml'],
    ['application/xml;charset=utf-8', 'text/plain', 'image/png', '', 'application/*'],
    ['text/*;q=0', 'application/json, */*', 'text/javascript', 'APPLICATION/XML', ';;,,'],
    prototypeNames,
  ),
  headerText,
)
const contentTypeValue = fc.oneof(
  oneOf(
    ['application/json', 'text/json', 'application/jsv', 'text/xml', 'text/csv', 'text/html'],
    ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=XyZ'],
    ['multipart/form-data', 'multipart/form-data; boundary=', 'application/json; charset=utf-16'],
    ['TEXT/CSV', 'text/plain', 'application/octet-stream', ';', 'application/json;;;', ''],
    prototypeNames,
  ),
  headerText,
)
const preferValue = fc.oneof(
  oneOf(
    ['delay=0', 'delay=5', 'delay=15', 'code=503', 'code=500', 'code=599', 'code=404'],
    ['code=400', 'code=600', 'code=200', 'code=abc', 'code=5xx', 'fault=network'],
    ['fault=timeout', 'delay=5, code=503', 'delay=3;code=418', 'return=minimal'],
    ['respond-async, wait=1', 'code="502"', 'delay=-1', 'delay=99999999', 'Code=502'],
  ),
  headerText,
)

/** The body's own Content-Type most of the time, sometimes another or none. */
function headersFor(body: Payload): fc.Arbitrary<(readonly [string, string])[]> {
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant(body.contentType) },
    { weight: 2, arbitrary: contentTypeValue },
    { weight: 1, arbitrary: fc.constant(null) },
  )
  return fc
    .record({
      accept: fc.option(acceptValue, { freq: 3 }),
      contentType,
      prefer: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, preferValue),
      contentLength: fc.oneof(
        { weight: 15, arbitrary: fc.constant(null) },
        fc.constantFrom('0', '3', 'abc', '-1', '99999999999', ' 12 '),
      ),
      extra: fc.array(fc.tuple(token, headerText), { maxLength: 2 }),
    })
    .map(({ accept, contentType: type, prefer, contentLength, extra }) => {
      const headers: (readonly [string, string])[] = []
      if (accept !== null) headers.push(['Accept', accept])
      if (type !== null) headers.push(['Content-Type', type])
      if (prefer !== null) headers.push(['Prefer', prefer])
      if (contentLength !== null) headers.push(['Content-Length', contentLength])
      return [...headers, ...extra]
    })
}

const formatValue = oneOf([
  'json',
  'xml',
  'jsv',
  'csv',
  'html',
  'JSON',
  'json.pretty',
  'xmljson',
  'yaml',
  '',
  ...prototypeNames,
])
const callbackValue = fc.oneof(
  fc.constantFrom('cb', 'a.b.c', 'alert(1)', '</script>', '$_0', '1abc', ''),
  fc.string({ maxLength: 8 }),
)
const jsconfigValue = fc.oneof(
  oneOf(
    ['eccn', 'tc:cc', 'tc:sc', 'elun', 'inv', 'edv', 'teai', 'auo', 'dh:iso8601', 'dh:ut'],
    ['dh:rfc1123,inv,tc:cc', 'edv,teai', 'dh:nope', 'tc:', ':', ',,,', 'tc:sc,dh:utm,auo'],
    ['dh:constructor', 'tc:__proto__', 'tc:toString', 'dh:valueOf,tc:constructor'],
  ),
  fc.string({ maxLength: 10 }),
)
// Only small delays and statuses the mock may or may not honour: the suite must stay fast.
const delayValue = fc.constantFrom('0', '1', '5', '12', '-3', 'abc', '1.5', '99999999', '')
const codeValue = oneOf([
  '500',
  '503',
  '599',
  '400',
  '404',
  '429',
  '200',
  '600',
  '99',
  '5000',
  'abc',
  '',
])

const queryPair: fc.Arbitrary<[string, string]> = fc.oneof(
  { weight: 1, arbitrary: fc.tuple(fc.constant('format'), formatValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('callback'), callbackValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('jsconfig'), jsconfigValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('__delay'), delayValue) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('__code'), codeValue) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constant('__fault'), fc.constantFrom('network', 'NETWORK', 'x', '')),
  },
  { weight: 4, arbitrary: fieldPair },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('seed', 'limit', 'debug'), fc.string()) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 })) },
)

function encodeQueryPart(text: string, raw: boolean): string {
  if (raw) return text
  try {
    return encodeURIComponent(text)
  } catch {
    return text // a lone surrogate: sent as it is, the URL parser deals with it
  }
}

const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(queryPair, fc.boolean()), { minLength: 1, maxLength: 4 })
      .map(
        (pairs) =>
          `?${pairs.map(([[name, value], raw]) => `${encodeQueryPart(name, raw)}=${encodeQueryPart(value, raw)}`).join('&')}`,
      ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((text) => `?${text}`) },
)

const anyMethod = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'put', 'post'),
  // Any other token; fetch itself refuses CONNECT, TRACE and TRACK.
  token.filter((method) => !/^(connect|trace|track)$/i.test(method)),
)

/** A whole request, aimed at the real routes most of the time. */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = target.chain((aim) =>
  fc
    .record({
      method: fc.oneof({ weight: 5, arbitrary: fc.constant(aim.method) }, anyMethod),
      path: fc.constant(aim.path),
      query,
      body: payload(aim.dto),
    })
    .chain(({ method, path, query: search, body }) =>
      headersFor(body).map((headers) => ({
        method,
        path,
        query: search,
        headers,
        body: body.body,
      })),
    ),
)

/** The web-standard Request of a generated one (GET and HEAD carry no body in fetch). */
export function toRequest(fuzzed: FuzzRequest, origin = 'http://localhost'): Request {
  const headers = new Headers()
  for (const [name, value] of fuzzed.headers) headers.append(name, value)
  const init: RequestInit = { method: fuzzed.method, headers }
  const upper = fuzzed.method.toUpperCase()
  if (fuzzed.body !== null && upper !== 'GET' && upper !== 'HEAD') {
    init.body = new Uint8Array(fuzzed.body)
  }
  return new Request(origin + fuzzed.path + fuzzed.query, init)
}
