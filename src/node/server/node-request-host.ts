import type { HeaderName, RequestHost } from '../../wire/index.ts'
import { readRawHeader } from './read-raw-header.ts'

/** What the Node server knows of a request besides the Request itself. */
export interface NodeRequestFacts {
  readonly request: Request
  /** Node's `incoming.rawHeaders`, when the request came over a socket. */
  readonly rawHeaders?: readonly string[] | undefined
  readonly clientAddress?: string | undefined
  /** The CORS headers of its origin, for every answer. */
  readonly answerHeaders?: Readonly<Record<string, string>> | undefined
}

/**
 * A request as the Node server hands it to the dispatch: headers read from Node's raw list
 * (`incoming.rawHeaders`) when there is one, and the CORS headers of its origin. Made whole,
 * never changed: what the dispatch answered comes back as its return value.
 */
export class NodeRequestHost implements RequestHost {
  readonly answerHeaders: Readonly<Record<string, string>> | undefined
  readonly clientAddress: string | undefined
  readonly #request: Request
  readonly #rawHeaders: readonly string[] | undefined

  constructor({ request, rawHeaders, clientAddress, answerHeaders }: NodeRequestFacts) {
    this.#request = request
    this.#rawHeaders = rawHeaders
    this.clientAddress = clientAddress
    this.answerHeaders = answerHeaders
  }

  header(name: HeaderName): string | null {
    return this.#rawHeaders
      ? readRawHeader(this.#rawHeaders, name)
      : this.#request.headers.get(name)
  }

  headerList(): readonly string[] {
    return this.#rawHeaders ?? [...this.#request.headers].flat()
  }
}
