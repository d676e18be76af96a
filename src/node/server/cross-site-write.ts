import { readSessionId, type HeaderName } from '../../wire/index.ts'

/** What the cross-site check asks of the mock: whether naming a session would make it. */
export type SessionExists = (id: string) => boolean

/**
 * Whether Fetch Metadata says a page of another site started the request. A browser sends
 * `Sec-Fetch-Site` with every request to a loopback or https address: `same-origin` from the
 * mock's own pages (the dashboard), `none` for a typed URL or a bookmark, `same-site` or
 * `cross-site` from a page elsewhere. A value no browser sends today counts as another site.
 * Without the header (curl, Node, tests, older browsers) this is false.
 */
export function fromAnotherSite(fetchSite: string | null): boolean {
  if (fetchSite === null) return false
  const value = fetchSite.trim().toLowerCase()
  return value !== 'same-origin' && value !== 'none'
}

/**
 * What a request would change if it were answered, as a phrase for the refusal, or null for a
 * read. Any verb but GET, HEAD and OPTIONS is a write: every operation is a PUT or a POST, every
 * control write is another verb, and a form's `X-HTTP-Method-Override` field only ever rides on
 * a POST. A GET or HEAD changes data when `X-HTTP-Method-Override` (header or query, any case)
 * names another verb, and makes a session when it names one that does not exist yet (which may
 * push out the least recently used one). A preflight (OPTIONS) changes nothing.
 * @example writeOf(new Request('http://127.0.0.1/RestApi/x', { method: 'PUT' }), () => null, () => false) // 'a PUT'
 */
export function writeOf(
  request: Request,
  header: (name: HeaderName) => string | null,
  sessionExists: SessionExists,
): string | null {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD') return method === 'OPTIONS' ? null : `a ${method}`
  const query = new URL(request.url).searchParams
  const override = header('x-http-method-override') ?? queryOverride(query)
  const verb = override?.trim().toUpperCase() ?? ''
  if (verb !== '' && verb !== 'GET' && verb !== 'HEAD') {
    return `a ${verb.length > 20 ? `${verb.slice(0, 20)}…` : verb} through X-HTTP-Method-Override`
  }
  const session = readSessionId({ header }, query)
  if (typeof session === 'string' && !sessionExists(session)) {
    return `the creation of the session '${session}'`
  }
  return null
}

/** Query names are case-insensitive on the real host, as the dispatch reads them. */
function queryOverride(query: URLSearchParams): string | null {
  for (const [name, value] of query)
    if (name.toLowerCase() === 'x-http-method-override') return value
  return null
}
