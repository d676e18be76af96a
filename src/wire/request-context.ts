import type { Store } from '../store/index.ts'
import type { MockConfig } from './config.ts'
import type { Format } from './formats/format.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import type { Negotiated } from './formats/format.ts'
import type { RequestBody } from './request/request-body.ts'
import type { ActiveLogin } from './login-state.ts'
import type { ServiceError } from './answer/service-error.ts'

/**
 * A header's name as the core asks for it: lower-case, which the compiler holds every caller to
 * (`'X-HTTP-Method-Override'` does not compile), so each host can match it against what the
 * client sent in any case without lower-casing the name on every read.
 */
export type HeaderName = Lowercase<string>

/** Everything an operation and the codecs know about one request; the dispatch builds it. */
export interface RequestContext {
  readonly request: Request
  /** The runtime serving it: header reads, headers for every answer. */
  readonly host: RequestHost
  /** The session the request names (`X-Mock-Session`, `?__session`, the cookie); null: shared. */
  readonly session: string | null
  /** The state this request reads and changes: the session's, or the shared state. */
  readonly store: Store
  readonly config: MockConfig
  /** The path as sent (`URL.pathname`). */
  readonly path: string
  /** The query string (shared and empty when there is none: never change it). */
  readonly query: URLSearchParams
  /** The request's Content-Type header as sent, or null. */
  readonly contentType: string | null
  readonly body: RequestBody
  readonly negotiated: Negotiated
  /** `?jsconfig=` options for JSON, JSV and CSV answers. */
  readonly writeOptions: WriteOptions
  /** The request DTO's name: the CSV file name and the HTML page's title. */
  readonly operationName: string
  /** On a pre-defined route (`/json/reply/X`) the body is read in that format, whatever its type. */
  readonly bodyFormat: Format | null
  /** Path variables such as `{product}`. */
  readonly params: Readonly<Record<string, string>>
  /** The time of this request, from the config's clock. */
  readonly now: Date
  readonly warnings: Warnings
  /**
   * The login of the request's state where the operation demands a back-end user and the wall
   * is up (`--auth claims|forms`); null otherwise.
   */
  readonly login: ActiveLogin | null
  /** A request header by its lower-case name, from the request record's map. */
  header(name: HeaderName): string | null
}

/** What a request is aimed at (request-record.ts splits it). */
export interface SplitUrl {
  /** The path as sent, percent-escapes and all (as `URL.pathname`), runs of `/` made one. */
  readonly path: string
  readonly query: URLSearchParams
}

/**
 * The request record: what the runtime serving a request read of it at the edge, once, then
 * froze (request-record.ts builds it): the verb, path and query, every header by lower-case
 * name, the session it names, the format hints, and the host's own capabilities (headers for
 * every answer, the client's address, cutting the connection off). The core reads these fields
 * and never calls back into the host.
 */
export interface RequestHost {
  /** The request's own verb (before any override). */
  readonly method: string
  /** The verb it stands for: `X-HTTP-Method-Override` in its header or query, else its own. */
  readonly verb: string
  /** A form-urlencoded body may still override the verb (neither header nor query did). */
  readonly formMayOverride: boolean
  /** The path (runs of `/` made one) and the query. */
  readonly target: SplitUrl
  /** Every request header by lower-case name, as `Headers.get` gives it (repeats joined with `, `). */
  readonly headers: ReadonlyMap<string, string>
  /** The format hints: Content-Type and Accept as sent, or null. */
  readonly contentType: string | null
  readonly accept: string | null
  /**
   * The session it names (`X-Mock-Session`, `?__session`, the cookie, else the runtime's
   * default), null for the shared state, or the 400 a bad id gets.
   */
  readonly selected: string | null | ServiceError
  /** A header by its lower-case name: a lookup in `headers`. */
  header(name: HeaderName): string | null
  /** The request's headers, names and values in turn: what the journal keeps. */
  headerList(): readonly string[]
  /** Added to every answer (the Node server's CORS headers); `Vary` is appended to. */
  readonly answerHeaders: Readonly<Record<string, string>> | undefined
  /** The address the request came from, where the runtime knows it (the proxy's X-Forwarded-For). */
  readonly clientAddress?: string | undefined
  /**
   * Cuts the client's connection off, saying why in the request log: a streamed answer whose
   * source broke off after its head was sent (a proxied upstream) ends so where the runtime has
   * a socket. Absent, or false, where it has none (msw, `app.request()`): the body's stream
   * errors instead.
   */
  readonly cutOff?: ((reason: string) => boolean) | undefined
}

/** What a simulated fault or added latency made of a request before its operation or a fallback ran. */
export interface Interception {
  readonly delayMs: number
  readonly fault: string | null
  /** The answer instead of the operation's; null for a network error; absent: the operation runs. */
  readonly answer?: Answer | null
}

/** Where an answer came from: the mock's operations, a recording, or the real host. */
export type AnswerSource = 'mock' | 'proxy' | 'replay'

/** One request under the base path and what the mock made of it: the journal's and the log's. */
export interface Exchange {
  readonly request: Request
  readonly host: RequestHost
  /** Null when no route matched: the host answers its plain `404`. */
  readonly ctx: RequestContext | null
  /** The session the request named; null for the shared state (and for a bad id, a 400). */
  readonly session: string | null
  /** Who answered: the mock's operations, a replayed recording, or the real host. */
  readonly source: AnswerSource
  /** The answer as written; null for a network error (a simulated fault, a client gone). */
  readonly answer: Answer | null
  /** When it arrived, in epoch ms. */
  readonly startedAt: number
  readonly durationMs: number
  /** The latency the mock added, in ms. */
  readonly delayMs: number
  /** The fault applied: `code=503 (Prefer)`, `network (rule 2)`, `aborted`, or null. */
  readonly fault: string | null
  /**
   * What the mock made of a request no route took (route/near-misses.ts): the sentence its
   * `X-Mock-Warning`, the journal and the log carry. Absent for every other answer.
   */
  readonly miss?: string | undefined
}

/** A request answered: the Response, and the exchange the journal recorded (null for none). */
export interface Answered {
  readonly response: Response
  /** What the operations, a page or a fallback made of it; null for a control route. */
  readonly exchange: Exchange | null
  /**
   * The host's 404 for a request no route took, with the mock's word on it: a runtime may still
   * hand the request to a user's own handler, and `Dispatch` answers undefined for it.
   */
  readonly unmatched?: boolean
  /** The answer as written where no exchange holds it (the host's 404): its reason phrase. */
  readonly written?: Answer | undefined
  /** Why the host drops its connection instead (`--on-miss error`); absent for an answer sent. */
  readonly dropped?: string | undefined
}

/**
 * An answer as the mock writes it: plain data, so the journal keeps its body and headers without
 * reading a Response back, and the Node server writes the header record as it is.
 */
export interface Answer {
  readonly status: number
  /** The reason phrase, where it is not the standard one (`400 ArgumentException`). */
  readonly statusText: string | undefined
  readonly headers: Record<string, string>
  readonly body: string
}

/**
 * What the mock noticed in one request and let pass, for `X-Mock-Warning`, the journal and the
 * log (per-request.ts's `WarningList`).
 */
export interface Warnings {
  /** Notes a warning, cut to `warningLimit` characters. */
  add(message: string): void
  /** Counts warnings that were left out before they were written (the binder's, past its cap). */
  addUnwritten(count: number): void
  /** The warnings, the last saying how many more were left out (`… and 4900 more`). */
  readonly list: readonly string[]
  /** How many there were in all, those left out included. */
  readonly count: number
}
