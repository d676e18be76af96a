import type { HeaderName } from '../request-context.ts'
import { ServiceError } from '../answer/service-error.ts'

/** The header, cookie and query parameter that name a request's session. */
export const sessionHeader = 'X-Mock-Session'
export const sessionCookie = 'restapi-mock-session'
export const sessionParam = '__session'

const sessionId = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The session a request names, or null for the shared state. The header wins, then the query
 * parameter, then the cookie: the cookie is set for a whole browser context, so a request that
 * names a session itself means that one. `fallback` is the runtime's own choice (the msw
 * handlers' `session` option), used when the request names none. A bad id is a 400.
 */
export function readSessionId(
  headers: { header(name: HeaderName): string | null },
  query: URLSearchParams,
  fallback: string | null = null,
): string | null | ServiceError {
  const id =
    headers.header('x-mock-session') ??
    query.get(sessionParam) ??
    cookieValue(headers.header('cookie'), sessionCookie) ??
    fallback
  if (id === null || sessionId.test(id)) return id
  const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id
  return new ServiceError(
    400,
    'ArgumentException',
    `Session id '${shown}' is not 1 to 64 characters of A-Z, a-z, 0-9, '.', '_' or '-'`,
  )
}

/**
 * One cookie's value from a `Cookie` header (`a=1; b=2`). Written here rather than taken from a
 * cookie library: the dispatch reads this one name on every request, in every runtime, and the
 * id's own syntax needs no unquoting or decoding.
 */
export function cookieValue(cookies: string | null, name: string): string | null {
  if (cookies === null || !cookies.includes(name)) return null
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=')
    if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim()
  }
  return null
}

/**
 * Every value of one cookie name in a `Cookie` header, in order: a browser sends one per path
 * and domain that set it (`a=1; a=2`), so a cookie set by another path can stand before the one
 * a reader wants.
 */
export function cookieValues(cookies: string | null, name: string): string[] {
  if (cookies === null || !cookies.includes(name)) return []
  const values: string[] = []
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=')
    if (equals !== -1 && pair.slice(0, equals).trim() === name)
      values.push(pair.slice(equals + 1).trim())
  }
  return values
}
