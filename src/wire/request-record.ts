/**
 * The request record: what a request is, read once at the edge by the host that serves it (the
 * Node server from Node's raw header list, msw and `app.request()` from the request's
 * `Headers`), then frozen. The core reads its fields and its own header map; it never calls
 * back into the host for a header.
 */
import { ServiceError } from './answer/service-error.ts'
import type { HeaderName, RequestHost } from './request-context.ts'
import { splitUrl, type SplitUrl } from './route/request-target.ts'
import { readSessionId } from './route/session-selector.ts'

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
  return [...headers].flat()
}

function add(map: Map<string, string>, name: string, value: string): void {
  const before = map.get(name)
  map.set(name, before === undefined ? value : `${before}, ${value}`)
}

/** One request as its host read it, frozen: see the file's comment. */
export class RequestRecord implements RequestHost {
  readonly method: string
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
    this.headers = facts.headers ?? headerMapOf(this.#list)
    this.contentType = this.headers.get('content-type') ?? null
    this.accept = this.headers.get('accept') ?? null
    this.selected = readSessionId(this, this.target.query, facts.session ?? null)
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
