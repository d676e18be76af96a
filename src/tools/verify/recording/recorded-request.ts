import {
  withoutMockParams,
  withoutMockPreferences,
  withoutSessionCookie,
} from '../../../control/index.ts'
import { sessionHeader } from '../../../wire/index.ts'
import { harBody, type HarEntry } from '../../../mock/replay/index.ts'

/**
 * Headers a request cannot be sent with again: HTTP/2's pseudo-headers, the connection's own,
 * and the body's length and encoding (HAR keeps the body decoded; the Request measures it).
 */
const notSent = new Set([
  'host',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
  sessionHeader.toLowerCase(),
])

/**
 * The recorded request as a web-standard Request, to send to the mock in process. The mock's
 * own parameters (a session, a delay, a simulated status) are left out: the exchange runs in
 * the state verify made for it, at once, as the CMS would answer it.
 */
export function recordedRequest(entry: HarEntry): Request {
  const { request } = entry
  const url = new URL(request.url)
  const target = new URL(withoutMockParams(`${url.pathname}${url.search}`), url)
  const headers = new Headers()
  for (const { name, value } of request.headers) {
    const lower = name.toLowerCase()
    if (lower.startsWith(':') || notSent.has(lower)) continue
    const kept =
      lower === 'prefer'
        ? withoutMockPreferences(value)
        : lower === 'cookie'
          ? withoutSessionCookie(value)
          : value
    if (kept !== null) headers.append(name, kept)
  }
  const method = request.method.toUpperCase()
  const body = method === 'GET' || method === 'HEAD' ? null : harBody(request.postData)
  if (body !== null && !headers.has('content-type') && request.postData?.mimeType) {
    headers.set('content-type', request.postData.mimeType)
  }
  return new Request(target, { method, headers, body })
}

/**
 * The recorded request as a logged-in caller sends it to a mock behind its login wall: a request
 * that carried the CMS's own credential (a cookie or an `Authorization` header, which the mock
 * cannot check) was a logged-in one, so it carries the mock's bearer token instead; one that
 * carried none stays anonymous and meets the wall, as it did on the host.
 */
export function withRecordedLogin(request: Request, authorization: () => string): Request {
  if (!request.headers.has('cookie') && !request.headers.has('authorization')) return request
  const headers = new Headers(request.headers)
  headers.set('authorization', authorization())
  return new Request(request, { headers })
}
