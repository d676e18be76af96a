import fc from 'fast-check'
import { recordedPaths, recordedStatus } from '../support/fake-recording.ts'
import { payload } from './body-arbitraries.ts'
import { oneOf } from './pick.ts'
import type { FuzzRequest } from './request-arbitraries.ts'

// Requests that fall through the mock's operations to a replay (test/support/fake-recording.ts)
// or to the proxy's upstream (test/support/fake-upstream.ts), for the fallback fuzzing: each
// aimed at a route whose answer the oracle knows (a page, the upstream's own 5xx, an answer that
// breaks off, a recorded 503), with the mock's own controls, bad cookies, form bodies, bodies
// past the 64 KiB streaming threshold and past the 1 MiB limit, and method overrides.

/** Where a request is aimed, and what the real host or the recording answers there. */
export interface Aim {
  readonly kind: 'upstream' | 'replay'
  readonly path: string
  readonly method: string
  /** The status the upstream or the recording gives itself, when it is fixed: a 5xx is theirs. */
  readonly status?: number
  /** The upstream breaks off or is late: a 502 BadGateway, or a body cut short, is meant. */
  readonly breaks?: boolean
}

/** One fallback request: the request as data (fast-check prints and shrinks it), and its aim. */
export interface FallbackRequest extends FuzzRequest {
  readonly aim: Aim
  /**
   * When set, the body is a JSON login whose password is padded to this many bytes (past the
   * 64 KiB the proxy reads whole, or the 1 MiB limit): kept as a number so a report stays short.
   */
  readonly padTo?: number
}

/** The body a request sends: its bytes, or the padded login `padTo` stands for. */
export function bodyOf(fuzzed: FallbackRequest): Uint8Array | null {
  if (fuzzed.padTo === undefined) return fuzzed.body
  const seed = fuzzed.body === null ? '' : new TextDecoder().decode(fuzzed.body)
  return new TextEncoder().encode(
    JSON.stringify({ UserName: 'editor', Password: seed.padEnd(fuzzed.padTo, 'x') }),
  )
}

/** The fault rule, latency or nothing that a run sets up before its requests. */
export type Setup =
  | { readonly kind: 'none' }
  | { readonly kind: 'fault'; readonly rule: Record<string, unknown> }
  | { readonly kind: 'latency'; readonly body: string }

/** The proxy's time-out in the fallback fuzzing: a late head past it is a 502. */
export const fuzzProxyTimeoutMs = 400

const upstreamAims: fc.Arbitrary<Aim> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<Aim>(
      { kind: 'upstream', path: '/RestApi/pages/home', method: 'GET' },
      { kind: 'upstream', path: '/RestApi/pages/missing', method: 'GET', status: 404 },
      { kind: 'upstream', path: '/RestApi/json/reply/GetPage', method: 'POST' },
      { kind: 'upstream', path: '/RestApi/echo', method: 'POST' },
      { kind: 'upstream', path: '/RestApi/echo', method: 'PUT' },
      { kind: 'upstream', path: '/RestApi/auth', method: 'POST' },
      { kind: 'upstream', path: '/RestApi/cookies?n=30', method: 'GET' },
      { kind: 'upstream', path: '/RestApi/redirect', method: 'GET', status: 302 },
      {
        kind: 'upstream',
        path: '/RestApi/redirect?to=https%3A%2F%2Fevil.example%2F',
        method: 'GET',
        status: 302,
      },
      { kind: 'upstream', path: '/RestApi/nowhere', method: 'GET', status: 404 },
      { kind: 'upstream', path: '/assets/app.js', method: 'GET', status: 404 },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(500, 502, 503, 504, 599, 418, 429).map((status): Aim => ({
      kind: 'upstream',
      path: `/RestApi/status/${status}`,
      method: 'GET',
      status,
    })),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc
        .integer({ min: 1, max: 300 })
        .map((kb): Aim => ({ kind: 'upstream', path: `/RestApi/huge?kb=${kb}`, method: 'GET' })),
      fc.integer({ min: 1, max: 8 }).map((mb): Aim => ({
        kind: 'upstream',
        path: `/RestApi/gzip-bomb?mb=${mb}`,
        method: 'GET',
      })),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(0, 10, 1000, 60_000, 70_000, 200_000).map((after): Aim => ({
        kind: 'upstream',
        path: `/RestApi/break?after=${after}`,
        method: 'GET',
        breaks: true,
      })),
      fc.constantFrom(20, fuzzProxyTimeoutMs + 300).map((ms): Aim => ({
        kind: 'upstream',
        path: `/RestApi/slow-head?ms=${ms}`,
        method: 'GET',
        breaks: true,
      })),
    ),
  },
)

const replayAims: fc.Arbitrary<Aim> = fc.constantFrom<Aim>(
  ...Object.entries(recordedPaths).map(([name, path]): Aim => {
    const method = name === 'login' || name === 'form' ? 'POST' : name === 'items' ? 'PUT' : 'GET'
    const status = recordedStatus[path] ?? 200
    const withQuery = name === 'items' ? `${path}?a=1&b=2` : path
    return { kind: 'replay', path: withQuery, method, status }
  }),
)

const aim: fc.Arbitrary<Aim> = fc.oneof({ weight: 3, arbitrary: upstreamAims }, replayAims)

const encoder = new TextEncoder()
const bytes = (text: string): Uint8Array => encoder.encode(text)

/** A body the route reads, or any body at all; a few past 64 KiB, and past the 1 MiB limit. */
function bodyFor(
  target: Aim,
): fc.Arbitrary<{ body: Uint8Array | null; contentType: string | null; padTo?: number }> {
  const password = fc.string({ maxLength: 12 })
  const login = password.map((secret) => ({
    body: bytes(JSON.stringify({ UserName: 'editor', Password: secret })),
    contentType: 'application/json',
  }))
  const form = fc
    .tuple(password, fc.constantFrom('', '&X-HTTP-Method-Override=PUT', '&__session=s1'))
    .map(([secret, extra]) => ({
      body: bytes(`UserName=editor&Password=${encodeURIComponent(secret)}${extra}`),
      contentType: 'application/x-www-form-urlencoded',
    }))
  const items = fc
    .constantFrom('{"Name":"one"}', '{ "Name" : "one" }', '{"Name":"two"}')
    .map((text) => ({ body: bytes(text), contentType: 'application/json' }))
  // Past the 64 KiB that the proxy reads whole, and (rarely) past the 1 MiB body limit.
  const large = fc
    .tuple(fc.constantFrom(70 * 1024, 300 * 1024, 1024 * 1024 + 10), fc.string({ maxLength: 4 }))
    .map(([size, seed]) => ({ body: bytes(seed), contentType: 'application/json', padTo: size }))
  const own =
    target.path.includes('form') || target.path.endsWith('auth')
      ? fc.oneof(login, form)
      : target.path.includes('items')
        ? items
        : login
  return fc.oneof(
    { weight: 4, arbitrary: own },
    { weight: 3, arbitrary: payload(null) },
    { weight: 1, arbitrary: large },
  )
}

/** The mock's own controls, in every way a request can carry them, valid and not. */
const controlQuery = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('__session'), fc.constantFrom('s1', 's2', '../x', '', 'a'.repeat(70))),
    fc.tuple(fc.constant('__delay'), fc.constantFrom('0', '3', 'abc', '-1')),
    fc.tuple(fc.constant('__code'), fc.constantFrom('503', '500', '429', '404', '600', 'x')),
    fc.tuple(fc.constant('__fault'), fc.constantFrom('network', 'x')),
    fc.tuple(
      fc.constantFrom('format', 'jsconfig', 'q', 'X-HTTP-Method-Override'),
      fc.constantFrom('json', 'PUT', 'tc:cc', 'é'),
    ),
  ),
  { maxLength: 3 },
)

const cookieValue = oneOf(
  ['restapi-mock-session=s1', 'restapi-mock-session=../x', 'restapi-mock-session=s2; ss-id=abc'],
  ['a=b; ; =; ;;', 'ss-id="quoted"; ss-pid=', '\u00e9=\u00ff', `big=${'x'.repeat(4000)}`],
  ['restapi-mock-session=s1; restapi-mock-session=s2', '__Host-sid=1', '=restapi-mock-session'],
)

const headerPairs = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('X-Mock-Session'), fc.constantFrom('s1', 's2', 'bad id', '')),
    fc.tuple(fc.constant('Cookie'), cookieValue),
    fc.tuple(
      fc.constant('Prefer'),
      oneOf(
        ['code=503', 'code=500', 'delay=3', 'fault=network', 'return=minimal'],
        ['respond-async, wait=1', 'code=599, return=representation', 'Code=502', 'code=abc'],
      ),
    ),
    fc.tuple(
      fc.constant('Accept'),
      oneOf(['application/json', 'application/xml', 'text/html', '*/*', '']),
    ),
    fc.tuple(fc.constant('Accept-Encoding'), oneOf(['gzip', 'identity', 'br, gzip', ''])),
    fc.tuple(fc.constant('X-HTTP-Method-Override'), oneOf(['PUT', 'DELETE', 'GET', 'bogus'])),
    fc.tuple(fc.constant('Connection'), oneOf(['close', 'keep-alive, X-Drop', 'X-Drop'])),
    fc.tuple(fc.constant('X-Drop'), fc.constant('hop')),
    fc.tuple(fc.constant('X-Forwarded-For'), oneOf(['10.0.0.1', 'evil, 1.2.3.4', ''])),
    fc.tuple(fc.constant('Authorization'), oneOf(['Bearer t0k', 'Basic eDp5', ''])),
    fc.tuple(
      fc.constant('Sec-Fetch-Site'),
      oneOf(['cross-site', 'same-site', 'same-origin', 'none']),
    ),
    fc.tuple(
      fc.constant('Origin'),
      oneOf(['http://localhost:5173', 'https://evil.example', 'null']),
    ),
  ),
  { maxLength: 4 },
)

const otherMethod = oneOf([
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'patch',
  'PROPFIND',
])

/** A request at a fallback route, with controls, headers and a body as above. */
export const fallbackRequest: fc.Arbitrary<FallbackRequest> = aim.chain((target) =>
  fc
    .record({
      method: fc.oneof({ weight: 6, arbitrary: fc.constant(target.method) }, otherMethod),
      controls: controlQuery,
      headers: headerPairs,
      payload: bodyFor(target),
      contentType: fc.option(
        oneOf([
          'application/json',
          'application/x-www-form-urlencoded',
          'text/plain',
          'multipart/form-data; boundary=XyZ',
        ]),
        { freq: 5 },
      ),
    })
    .map(({ method, controls, headers, payload: sent, contentType }) => {
      const [path = '', search = ''] = target.path.split('?')
      const query = new URLSearchParams(search)
      for (const [name, value] of controls) query.append(name, value)
      const type = contentType ?? sent.contentType
      const all: (readonly [string, string])[] = [
        ...(type === null ? [] : ([['Content-Type', type]] as const)),
        ...headers,
      ]
      const text = query.toString()
      return {
        method,
        path,
        query: text === '' ? '' : `?${text}`,
        headers: all,
        body: sent.body,
        aim: target,
        ...(sent.padTo === undefined ? {} : { padTo: sent.padTo }),
      }
    }),
)

/** What a run sets up before its requests: mostly nothing, else a fault rule or latency. */
export const fallbackSetup: fc.Arbitrary<Setup> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Setup>({ kind: 'none' }) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        path: oneOf([
          '/RestApi/pages/*',
          '/RestApi/recorded/*',
          '/RestApi/echo',
          '*',
          '/RestApi/*',
        ]),
        what: fc.oneof(
          fc.constantFrom(500, 502, 503, 429, 404).map((status) => ({ status })),
          fc.constant({ fault: 'network' }),
          fc.constant({ delay: 3 }),
        ),
        method: fc.option(fc.constantFrom('GET', 'POST'), { freq: 3 }),
      })
      .map(({ path, what, method }): Setup => ({
        kind: 'fault',
        rule: { path, ...what, ...(method === null ? {} : { method }) },
      })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Setup>({ kind: 'latency', body: '{"ms":3}' }) },
)
