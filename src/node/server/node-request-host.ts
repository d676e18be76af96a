import type { Exchange, HeaderName, RequestHost } from '../../wire/index.ts'
import { readRawHeader } from './read-raw-header.ts'

/**
 * A request as the Node server hands it to the dispatch: headers read from Node's raw list
 * (`incoming.rawHeaders`) when there is one, the CORS headers of its origin, and what the
 * dispatch answered, for the request log.
 */
export class NodeRequestHost implements RequestHost {
  /** Set by the app once it has read the origin (the CORS headers). */
  answerHeaders: Readonly<Record<string, string>> | undefined
  /** What the mock answered, once it has (nothing for a control route or another path). */
  exchange: Exchange | undefined
  readonly #request: Request
  readonly #rawHeaders: readonly string[] | undefined

  readonly clientAddress: string | undefined

  constructor(request: Request, rawHeaders: readonly string[] | undefined, clientAddress?: string) {
    this.#request = request
    this.#rawHeaders = rawHeaders
    this.answerHeaders = undefined
    this.clientAddress = clientAddress
  }

  header(name: HeaderName): string | null {
    return this.#rawHeaders
      ? readRawHeader(this.#rawHeaders, name)
      : this.#request.headers.get(name)
  }

  headerList(): readonly string[] {
    return this.#rawHeaders ?? [...this.#request.headers].flat()
  }

  answered(exchange: Exchange): void {
    this.exchange = exchange
  }
}
