import type { MockConfig } from './config.ts'
import type { Format } from './format.ts'
import type { HostHeaders } from './host-headers.ts'
import { capList, cutText, listLimit, moreText, warningLimit } from './list-limit.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import type { Negotiated } from './negotiate.ts'
import { readHeader } from './read-header.ts'

/** Everything a resolver knows about one request, built once by the dispatcher. */
export interface RequestContext {
  readonly request: Request
  /** The request's Content-Type header as sent, or null: read once, for routing and reading. */
  readonly contentType: string | null
  /** The whole URL, parsed on first use only. */
  readonly url: URL
  /** The path as sent (`URL.pathname`). */
  readonly path: string
  /** The query string (shared and empty when there is none: never change it). */
  readonly query: URLSearchParams
  readonly config: MockConfig
  readonly negotiated: Negotiated
  readonly writeOptions: WriteOptions
  /** The request DTO's name: the CSV file name and the HTML page's title. */
  readonly operationName: string
  /** On a pre-defined route (`/json/reply/X`) the body is read in that format, whatever its type. */
  readonly bodyFormat: Format | null
  /** Path variables such as `{product}`. */
  readonly params: Readonly<Record<string, string>>
  /** The time of this request, from the config's clock. */
  readonly now: Date
  /**
   * What the mock noticed and let pass, for `X-Mock-Warning`, the journal and the log: at most
   * `listLimit` items, the last saying how many more were left out (`… and 4900 more`).
   */
  readonly warnings: readonly string[]
  /** How many warnings there were in all, those left out of `warnings` included. */
  readonly warningCount: number
  /** Notes a warning; past `listLimit` it is only counted, so a flood costs no memory. */
  warn(message: string): void
  /** Counts warnings that were left out before they were written (the binder's, past its cap). */
  warnMore(count: number): void
  /** Headers the host adds to every answer (the Node server's CORS headers), if any. */
  readonly hostHeaders: HostHeaders | undefined
  /** What the journal keeps of this request, filled in as it is answered. */
  readonly trace: RequestTrace
  /** A request header as `Headers.get` gives it; `name` lower-case. */
  header(name: string): string | null
}

export interface RequestTrace {
  requestBody: string | null
  responseBody: string | null
  /** The answer's headers as built (a plain record), so the journal need not read them back. */
  responseHeaders: Readonly<Record<string, string>> | null
  delayMs: number
  fault: string | null
}

/** What the dispatcher knows when it builds a context; the rest starts empty. */
export interface RequestContextInit extends Omit<
  RequestContext,
  'url' | 'warnings' | 'warningCount' | 'warn' | 'warnMore' | 'trace' | 'header'
> {
  /** The host's raw header list, when it gave one (see `readHeader`). */
  readonly rawHeaders: readonly string[] | undefined
}

/**
 * A class, not an object literal: a literal with a getter is built by the runtime's slow path
 * on every request, and each one carries its own closure. The fields are listed and assigned
 * one by one, repeating the interface on purpose: `Object.assign(this, init)` would say it once
 * but made the context about four times slower to build (0.04 → 0.15 µs, measured in a loop).
 */
class Context implements RequestContext {
  readonly request: Request
  readonly contentType: string | null
  readonly path: string
  readonly query: URLSearchParams
  readonly config: MockConfig
  readonly negotiated: Negotiated
  readonly writeOptions: WriteOptions
  readonly operationName: string
  readonly bodyFormat: Format | null
  readonly params: Readonly<Record<string, string>>
  readonly now: Date
  readonly hostHeaders: HostHeaders | undefined
  readonly trace: RequestTrace = {
    requestBody: null,
    responseBody: null,
    responseHeaders: null,
    delayMs: 0,
    fault: null,
  }
  readonly #rawHeaders: readonly string[] | undefined
  #url: URL | undefined
  readonly #warnings: string[] = []
  #warningsLeftOut = 0
  /** The capped list, made once it is read after more were left out. */
  #cappedWarnings: readonly string[] | undefined

  constructor(init: RequestContextInit) {
    this.request = init.request
    this.contentType = init.contentType
    this.path = init.path
    this.query = init.query
    this.config = init.config
    this.negotiated = init.negotiated
    this.writeOptions = init.writeOptions
    this.operationName = init.operationName
    this.bodyFormat = init.bodyFormat
    this.params = init.params
    this.now = init.now
    this.hostHeaders = init.hostHeaders
    this.#rawHeaders = init.rawHeaders
  }

  get warnings(): readonly string[] {
    if (this.#warningsLeftOut === 0) return this.#warnings
    return (this.#cappedWarnings ??= capList(this.#warnings, this.#warningsLeftOut, moreText))
  }

  get warningCount(): number {
    return this.#warnings.length + this.#warningsLeftOut
  }

  warn(message: string): void {
    if (this.#warnings.length < listLimit) this.#warnings.push(cutText(message, warningLimit))
    else this.warnMore(1)
  }

  warnMore(count: number): void {
    this.#warningsLeftOut += count
    this.#cappedWarnings = undefined
  }

  header(name: string): string | null {
    return readHeader(this.request, this.#rawHeaders, name)
  }

  // Parsed only when something needs all of it (the HTML page's links, a control route): a
  // URL object per request costs more than the rest of the routing together.
  get url(): URL {
    return (this.#url ??= new URL(this.request.url))
  }
}

/** A request's context, as the dispatcher hands it to an operation. */
export function createRequestContext(init: RequestContextInit): RequestContext {
  return new Context(init)
}
