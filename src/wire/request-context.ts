import type { Store } from '../store/index.ts'
import type { MockConfig } from './config.ts'
import type { Format } from './format.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import type { Negotiated } from './negotiate.ts'
import type { RequestBody } from './request-body.ts'
import type { RequestHost } from './request-host.ts'
import type { WarningList } from './warning-list.ts'

/** Everything an operation and the codecs know about one request; the dispatch builds it. */
export interface RequestContext {
  readonly request: Request
  /** The runtime serving it: header reads, headers for every answer. */
  readonly host: RequestHost
  /** The state this request reads and changes. */
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
  readonly warnings: WarningList
  /** A request header, as the host reads it; `name` lower-case. */
  header(name: string): string | null
}
