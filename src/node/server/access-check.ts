import { corsHeaders } from './cors.ts'
import { createHostCheck, hostnameOf, type AllowedHosts } from './host-check.ts'
import { createOriginCheck, type AllowedOrigins } from './origin-check.ts'
import { errorJson, readSessionId, type HeaderName } from '../../wire/index.ts'

export interface AccessOptions {
  readonly allowedHosts?: AllowedHosts
  readonly allowedOrigins?: AllowedOrigins
  /** Whether answers carry CORS headers: a refused host's 403 then tells an allowed page why. */
  readonly cors: boolean
  /** Whether a session exists: a page of another site may not make one. Default: none does. */
  readonly sessionExists?: SessionExists
}

/**
 * Decides, before anything runs, whether the Node server answers a request at all: `undefined`
 * to go on, or the 403 to send. `origin` is the request's `Origin` header, which the caller
 * has read already.
 */
export type AccessCheck = (
  request: Request,
  headers: HeaderReader,
  origin: string | null,
) => Response | undefined

/** Where the check reads a header: the request's record, on the Node server. */
export interface HeaderReader {
  header(name: HeaderName): string | null
}

/**
 * Local by default, as a dev server should be (decisions.md section 6): a request must name a
 * loopback or allowed `Host` (no page can reach the mock by rebinding a DNS name to
 * 127.0.0.1), and a request that carries an `Origin` must come from a loopback, allowed or the
 * mock's own origin (no page of another site can read or change the mock, not even with a
 * simple `text/plain` POST, which needs no preflight). A request without an `Origin` that
 * Fetch Metadata marks as started by another site (`Sec-Fetch-Site: cross-site` or
 * `same-site`: an `<img>`, a link) may only read: a write, a write through
 * `X-HTTP-Method-Override` or a new session is refused. Requests with neither header (curl,
 * scripts, server-side tests) are never from another site's page and pass. With `cors: false`
 * the check is the same: it is what keeps other sites out, and CORS headers only let pages read.
 * @example createAccessCheck({ cors: true })(new Request('http://evil.example/'), { header: () => null }, null)?.status // 403
 */
export function createAccessCheck(options: AccessOptions): AccessCheck {
  const hostAllowed = createHostCheck(options.allowedHosts)
  const originAllowed = createOriginCheck(options.allowedOrigins)
  const sessionExists = options.sessionExists ?? (() => false)
  // The Host every request of a client names: judged once, then met with a comparison.
  let lastHost: string | undefined
  return (request, headers, origin) => {
    // Without a Host header (HTTP/1.0, `app.request()`), the URL's host is what was asked for:
    // on the Node server that is the address it listens on, which it always allows.
    const host = headers.header('host') ?? urlHost(request.url)
    if (host !== lastHost && !hostAllowed(host)) {
      const answerHeaders =
        options.cors && origin !== null && originAllowed(origin, null)
          ? corsHeaders(origin)
          : undefined
      return forbidden(hostRefusal(host), answerHeaders)
    }
    // An absolute-form target (`GET http://evil.test/… HTTP/1.1`) is the URL the request is
    // served as: its host must be one the mock answers too, whatever `Host` says.
    const target = urlHost(request.url)
    if (target !== host && !hostAllowed(target)) return badTarget(target)
    lastHost = host
    if (origin !== null && !originAllowed(origin, host)) return forbidden(originRefusal(origin))
    // An allowed Origin vouches for the page (browsers set it and scripts cannot); without one,
    // Fetch Metadata still tells an <img>, a link or a navigation from another site apart.
    if (origin === null && fromAnotherSite(headers.header('sec-fetch-site'))) {
      const write = writeOf(request, (name) => headers.header(name), sessionExists)
      if (write !== null) return forbidden(crossSiteRefusal(write))
    }
    return undefined
  }
}

function urlHost(href: string): string {
  const start = href.indexOf('//') + 2
  const end = href.indexOf('/', start)
  return href.slice(start, end < 0 ? href.length : end)
}

/** A request's own text in a message: bounded, so a huge header makes no huge answer. */
function quoted(text: string): string {
  return `'${text.length > 200 ? `${text.slice(0, 200)}…` : text}'`
}

function hostRefusal(host: string): string {
  const name = hostnameOf(host)
  const how = name
    ? `start it with --allowed-hosts ${name} (option allowedHosts)`
    : 'send a host name (localhost, 127.0.0.1) or allow it with --allowed-hosts'
  return (
    `Failed to answer: the host ${quoted(host)} is not allowed. The mock answers loopback hosts ` +
    `only (localhost, 127.0.0.1, [::1]), so that no web page can reach it by rebinding a DNS ` +
    `name; to serve this host, ${how}.`
  )
}

function originRefusal(origin: string): string {
  return (
    `Failed to answer: the origin ${quoted(origin)} is not allowed. The mock answers pages on ` +
    `loopback origins only (http://localhost:*, http://127.0.0.1:*, http://[::1]:*), so that no ` +
    `other site can read or change it; to allow this one, start it with --cors-origin ` +
    `${origin.length > 200 ? '<origin>' : origin} (option allowedOrigins).`
  )
}

function crossSiteRefusal(write: string): string {
  return (
    `Failed to answer: ${write} from a page of another site, without an Origin (an <img>, a ` +
    `link, a navigation), would change the mock. Such requests may only read it, so that no ` +
    `site can change it behind your back; send the change with fetch() from an allowed page ` +
    `(loopback origins, --cors-origin), from the mock's own dashboard, or from curl or a script.`
  )
}

/** A 400 in the ServiceStack shape: an absolute-form target naming a host not served. */
function badTarget(target: string): Response {
  return new Response(
    errorJson(
      'ArgumentException',
      `Failed to answer: the request target names the host ${quoted(target)}, which the mock ` +
        `does not answer. Send the path alone (GET /RestApi/… with a Host header), as browsers ` +
        `do, or allow the host with --allowed-hosts.`,
    ),
    { status: 400, headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  )
}

/** A 403 in the ServiceStack shape (`HttpError.Forbidden`), in JSON: no route was read yet. */
function forbidden(message: string, extra?: Readonly<Record<string, string>>): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' }
  if (extra) Object.assign(headers, extra)
  return new Response(errorJson('Forbidden', message), { status: 403, headers })
}

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
 * read. It is decided on the verb the dispatch will run, the override applied, as
 * `requestMethod` applies it. Any verb but GET, HEAD and OPTIONS is a write: every operation is
 * a PUT or a POST, every control write is another verb, and a form's `X-HTTP-Method-Override`
 * field only ever rides on a POST. A GET, HEAD or OPTIONS changes data when
 * `X-HTTP-Method-Override` (header or query, any case) names another verb (the dispatch honours
 * it on any verb), and makes a session when it names one that does not exist yet (which may
 * push out the least recently used one).
 * @example writeOf(new Request('http://127.0.0.1/RestApi/x', { method: 'PUT' }), () => null, () => false) // 'a PUT'
 */
export function writeOf(
  request: Request,
  header: (name: HeaderName) => string | null,
  sessionExists: SessionExists,
): string | null {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return `a ${method}`
  const query = new URL(request.url).searchParams
  const override = header('x-http-method-override') ?? queryOverride(query)
  const verb = override?.trim().toUpperCase() ?? ''
  if (verb !== '' && verb !== 'GET' && verb !== 'HEAD' && verb !== 'OPTIONS') {
    return `a ${verb.length > 20 ? `${verb.slice(0, 20)}…` : verb} through X-HTTP-Method-Override`
  }
  const session = readSessionId({ get: header }, query)
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
