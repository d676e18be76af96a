import type { SessionsDocument } from '../../control/control-documents.ts'
import { headerSafe, readSessionId, type HeaderName } from '../../wire/index.ts'
import { fail, json, noContent } from './control-answers.ts'
import type { GlobalCall } from './control-call.ts'
import type { Session } from '../sessions.ts'

// `/__mock/sessions[/{id}]`: list them, drop one, or drop them all.

/** `GET /__mock/sessions[?limit=N]`: with a limit, the N most recently used (the dashboard's). */
export function listSessions({ url, deps }: GlobalCall): Response {
  const { sessions } = deps
  const limitText = url.searchParams.get('limit')
  if (limitText !== null && !/^\d{1,9}$/.test(limitText)) {
    return fail(
      400,
      'ArgumentException',
      `Failed to list the sessions: limit '${limitText}' is not a whole number`,
    )
  }
  const listed = sessions.list(limitText === null ? undefined : Number(limitText))
  return json({
    sessions: listed,
    count: sessions.size,
    max: sessions.max,
  } satisfies SessionsDocument)
}

export function dropSessions({ deps }: GlobalCall): Response {
  deps.sessions.clear()
  return noContent()
}

export function dropSession({ deps, params }: GlobalCall): Response {
  const id = params.id as string
  return deps.sessions.delete(id)
    ? noContent()
    : fail(404, 'NotFound', `Failed to delete session '${id}': no such session`)
}

/**
 * A 400 for a control write that is one for every session (`action`, what it does) whose
 * request names a session itself: sent in a session it would change every other session too
 * (a parallel test flipping another's forwarding), so it is refused rather than quietly
 * changing them for everyone. Undefined when the request names none.
 */
export function refuseGlobalWrite(
  action: string,
  headers: { header(name: HeaderName): string | null },
  query: URLSearchParams,
): Response | undefined {
  // The request's own selectors only: the msw handlers' `session` option names no session here.
  if (readSessionId({ get: (name) => headers.header(name) }, query) === null) return undefined
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
