import { bodyFailed, readBodyBytes, tooLarge } from './read-body.ts'

/**
 * A request's body, read at most once and within the body limit: the operation's reader and a
 * simulated fault both ask for it, and the journal keeps whatever was read.
 */
export class RequestBody {
  readonly #request: Request
  readonly #limit: number
  readonly #contentLength: string | null
  #text: string | null = null

  /** `contentLength` is the header's value, which the caller has read already. */
  constructor(request: Request, limit: number, contentLength: string | null) {
    this.#request = request
    this.#limit = limit
    this.#contentLength = contentLength
  }

  /** The body as text (UTF-8, a BOM dropped); a 413 `DecodeError` past the limit. */
  async text(): Promise<string> {
    if (this.#text !== null) return this.#text
    const limit = this.#limit
    const declared = Number(this.#contentLength ?? Number.NaN)
    if (declared > limit) throw tooLarge(declared, limit)
    let text: string
    if (declared === 0) text = ''
    else if (Number.isFinite(declared)) {
      // A declared length within the limit: the runtime reads no more than it. (Touching
      // `request.body` first would make the Node server build a web stream for nothing.)
      try {
        text = await this.#request.text()
      } catch (error) {
        bodyFailed(error)
      }
      if (text.length > limit) throw tooLarge(text.length, limit)
    } else if (this.#request.body === null) text = ''
    else text = new TextDecoder().decode(await readBodyBytes(this.#request, limit))
    this.#text = text
    return text
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

/** A body as text within `limit`, for a caller outside an operation (the control routes). */
export function readBodyText(
  request: Request,
  limit: number,
  contentLength: string | null = request.headers.get('content-length'),
): Promise<string> {
  return new RequestBody(request, limit, contentLength).text()
}
