import type { MockConfig } from './config.ts'
import type { Format } from './format.ts'
import type { HostHeaders } from './host-headers.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import type { Negotiated } from './negotiate.ts'

/** Everything a resolver knows about one request, built once by the dispatcher. */
export interface RequestContext {
  readonly request: Request
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
  /** What the mock noticed and let pass, for `X-Mock-Warning` and the log. */
  readonly warnings: string[]
  /** Headers the host adds to every answer (the Node server's CORS headers), if any. */
  readonly hostHeaders: HostHeaders | undefined
  /** What the journal keeps of this request, filled in as it is answered. */
  readonly trace: RequestTrace
}

export interface RequestTrace {
  requestBody: string | null
  responseBody: string | null
  /** The answer's headers as built (a plain record), so the journal need not read them back. */
  responseHeaders: Readonly<Record<string, string>> | null
  delayMs: number
  fault: string | null
}
