import { readBodyBytes, readBodyText } from './read-body.ts'

/**
 * A request's body, read at most once and within the body limit: the operation's reader and a
 * simulated fault both ask for it, and the journal keeps whatever was read.
 */
export class RequestBody {
  readonly #request: Request
  readonly #limit: number
  readonly #contentLength: string | null
  #text: string | null = null

  constructor(request: Request, limit: number, contentLength: string | null) {
    this.#request = request
    this.#limit = limit
    this.#contentLength = contentLength
  }

  /** The body as UTF-8 text; a 413 `DecodeError` past the limit. */
  async text(): Promise<string> {
    if (this.#text === null) {
      this.#text = await readBodyText(this.#request, this.#limit, this.#contentLength)
    }
    return this.#text
  }

  /** The raw bytes (a multipart form), within the same limit. */
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return readBodyBytes(this.#request, this.#limit)
  }

  /** The text read so far, or null when none was (or it was empty): what the journal shows. */
  get textRead(): string | null {
    return this.#text === '' ? null : this.#text
  }
}
