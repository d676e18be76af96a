/**
 * The request record: what a request is, read once at the edge by the host that serves it (the
 * Node server from Node's raw header list, msw and `app.request()` from the request's
 * `Headers`), then frozen: its verb, path and query, every header by lower-case name, the
 * session it names, its format hints. The core reads its fields; it never calls back into the
 * host for a header. Everything here runs on every request, so each read is done once, by hand.
 */
import { ServiceError } from './answer/service-error.ts'
import type { HeaderName, RequestHost, SplitUrl } from './request-context.ts'

export type { SplitUrl }

/** What the host knows of a request besides the Request itself. */
export interface RecordFacts {
  /** The headers by lower-case name, repeats joined with `, `, when the host read them already. */
  readonly headers?: ReadonlyMap<string, string> | undefined
  /**
   * The headers' names and values in turn, as sent: Node's `incoming.rawHeaders`, or what
   * `headerListOf` read with the map. The journal's list, and the map's source when none is given.
   */
  readonly rawHeaders?: readonly string[] | undefined
  /** Added to every answer (the Node server's CORS headers). */
  readonly answerHeaders?: Readonly<Record<string, string>> | undefined
  readonly clientAddress?: string | undefined
  /** The session of a request that names none (the msw handlers' `session` option). */
  readonly session?: string | null | undefined
  /** See `RequestHost.cutOff`. */
  readonly cutOff?: ((reason: string) => boolean) | undefined
}

/**
 * All of a request's headers in one pass, by lower-case name, as `Headers.get` gives each (repeats
 * joined with `, `): from Node's raw list of names and values, or from a `Headers`.
 */
export function headerMapOf(headers: readonly string[] | Headers): Map<string, string> {
  const map = new Map<string, string>()
  if (Array.isArray(headers)) {
    const raw = headers as readonly string[]
    for (let i = 0; i + 1 < raw.length; i += 2)
      add(map, (raw[i] as string).toLowerCase(), raw[i + 1] as string)
  } else {
    for (const [name, value] of headers as Headers) add(map, name, value)
  }
  return map
}

/** A `Headers`' names and values in turn, as the journal keeps them. */
export function headerListOf(headers: Headers): string[] {
  const list: string[] = []
  for (const [name, value] of headers) list.push(name, value)
  return list
}

function add(map: Map<string, string>, name: string, value: string): void {
  const before = map.get(name)
  map.set(name, before === undefined ? value : `${before}, ${value}`)
}

/** One request as its host read it, frozen: see the file's comment. */
export class RequestRecord implements RequestHost {
  readonly method: string
  readonly verb: string
  readonly formMayOverride: boolean
  readonly target: SplitUrl
  readonly headers: ReadonlyMap<string, string>
  readonly contentType: string | null
  readonly accept: string | null
  readonly selected: string | null | ServiceError
  readonly answerHeaders: Readonly<Record<string, string>> | undefined
  readonly clientAddress: string | undefined
  readonly cutOff: ((reason: string) => boolean) | undefined
  readonly #list: readonly string[]

  constructor(request: Request, facts: RecordFacts = {}) {
    this.#list = facts.rawHeaders ?? headerListOf(request.headers)
    this.method = request.method
    this.target = splitUrl(request.url)
    const headers = facts.headers ?? headerMapOf(this.#list)
    this.headers = headers
    this.contentType = headers.get('content-type') ?? null
    this.accept = headers.get('accept') ?? null
    const { query } = this.target
    const override = headers.get(overrideName) ?? (query.size > 0 ? overrideInQuery(query) : null)
    this.verb = override ? override.toUpperCase() : request.method
    this.formMayOverride =
      override === undefined || override === null
        ? this.contentType !== null && /^application\/x-www-form-urlencoded/i.test(this.contentType)
        : false
    this.selected = readSessionId(headers, query, facts.session ?? null)
    this.answerHeaders = facts.answerHeaders
    this.clientAddress = facts.clientAddress
    this.cutOff = facts.cutOff
    Object.freeze(this)
  }

  /** A header by its lower-case name, from the record's own map. */
  header(name: HeaderName): string | null {
    return this.headers.get(name) ?? null
  }

  /** The headers' names and values in turn, as the client sent them: what the journal keeps. */
  headerList(): readonly string[] {
    return this.#list
  }
}

/** The record of a plain fetch `Request` (msw, `app.request()`, a test). */
export function fetchHost(
  request: Request,
  answerHeaders?: Readonly<Record<string, string>>,
): RequestRecord {
  return new RequestRecord(request, { answerHeaders })
}

/** The session a record names, or null (the shared state) for none or a bad id. */
export function sessionOf(host: RequestHost): string | null {
  return host.selected instanceof ServiceError ? null : host.selected
}

const noQuery: URLSearchParams = new URLSearchParams()

/**
 * The path and query of an absolute request URL without building a URL object, which costs
 * more than the rest of the routing together. Paths with dot segments or backslashes go
 * through the URL parser, which normalises them as a browser would.
 */
export function splitUrl(href: string): SplitUrl {
  const pathStart = href.indexOf('/', href.indexOf('//') + 2)
  const queryStart = href.indexOf('?', pathStart)
  const hashStart = href.indexOf('#', pathStart)
  const end = hashStart < 0 ? href.length : hashStart
  const pathEnd = queryStart < 0 || queryStart > end ? end : queryStart
  const path = pathStart < 0 ? '/' : href.slice(pathStart, pathEnd)
  if (path.includes('/.') || path.includes('\\')) {
    const url = new URL(href)
    return { path: collapseSlashes(url.pathname), query: url.searchParams }
  }
  const search = pathEnd < end ? href.slice(pathEnd + 1, end) : ''
  return {
    path: collapseSlashes(path),
    query: search === '' ? noQuery : new URLSearchParams(search),
  }
}

/** Empty segments are ignored everywhere, the base path included (`//RestApi//x`). */
function collapseSlashes(path: string): string {
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path
}

// Lower-case, as every host reads a header (HeaderName): a client may send it in any case.
const overrideName = 'x-http-method-override'

/**
 * The verb override in the query (`RequestExtensions.GetParamInRequestHeader`: the header, then
 * the query, then a form's field; route/form-override.ts reads the form). Query names are
 * case-insensitive on the real host.
 */
export function overrideInQuery(query: URLSearchParams): string | null {
  for (const [name, value] of query) if (name.toLowerCase() === overrideName) return value
  return null
}

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
  headers: { get(name: HeaderName): string | null | undefined },
  query: URLSearchParams,
  fallback: string | null = null,
): string | null | ServiceError {
  const id =
    headers.get('x-mock-session') ??
    (query.size > 0 ? query.get(sessionParam) : null) ??
    cookieValue(headers.get('cookie') ?? null, sessionCookie) ??
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
 * cookie library: every request reads this one name, in every runtime, and the id's own syntax
 * needs no unquoting or decoding.
 */
export function cookieValue(cookies: string | null, name: string): string | null {
  if (cookies === null || !cookies.includes(name)) return null
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=')
    if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim()
  }
  return null
}
