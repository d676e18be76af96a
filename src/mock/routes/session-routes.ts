import type { SessionsDocument } from '../../control/control-documents.ts'
import { headerSafe, readSessionId, type HeaderName } from '../../wire/index.ts'
import { fail, json, noContent } from './control-answers.ts'
import type { Session, Sessions } from '../sessions.ts'

/** `/__mock/sessions[/{id}]`: list them, drop one, or drop them all. */
export function sessionRoute(
  method: string,
  id: string | undefined,
  sessions: Sessions,
): Response | undefined {
  if (id === undefined) {
    if (method === 'GET') {
      return json({ sessions: sessions.list(), max: sessions.max } satisfies SessionsDocument)
    }
    if (method !== 'DELETE') return undefined
    sessions.clear()
    return noContent()
  }
  if (method !== 'DELETE') return undefined
  return sessions.delete(id)
    ? noContent()
    : fail(404, 'NotFound', `Failed to delete session '${id}': no such session`)
}

/**
 * The control writes that are one for every session, with what they do. Sent in a session they
 * would change every other session too (a parallel test flipping another's forwarding), so a
 * request that names one is refused rather than quietly changing them for everyone.
 */
const globalWrites: ReadonlyMap<string, string> = new Map([
  ['PUT /passthrough', 'set the passthrough'],
  ['DELETE /sessions', 'drop every session (DELETE /__mock/sessions/<id> drops one)'],
])

/** A 400 for a global write whose request names a session itself; undefined otherwise. */
export function refuseGlobalWrite(
  route: string,
  headers: { header(name: HeaderName): string | null },
  query: URLSearchParams,
): Response | undefined {
  const action = globalWrites.get(route)
  // The request's own selectors only: the msw handlers' `session` option names no session here.
  if (action === undefined || readSessionId(headers, query) === null) return undefined
  return fail(
    400,
    'ArgumentException',
    `Failed to ${action}: this is global, one setting for every session, and the request names ` +
      'a session (X-Mock-Session, ?__session= or the restapi-mock-session cookie); send it without one',
  )
}

/** The answer, with the session's pending warning (it was evicted and made again), once. */
export function withSessionWarning(session: Session, response: Response): Response {
  const warning = session.warning
  if (warning === null) return response
  session.warning = null
  const headers = new Headers(response.headers)
  headers.set('X-Mock-Warning', headerSafe(warning))
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
