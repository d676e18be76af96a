import { decompressed, isCompressed } from './decompress.ts'
import { bodyFailed, readBodyBytes, tooLarge } from './read-body.ts'

/**
 * A request's body, read at most once and within the body limit: the operation's reader and a
 * simulated fault both ask for it, and the journal keeps whatever was read.
 */
export class RequestBody {
  readonly #request: Request
  readonly #limit: number
  readonly #contentLength: string | null
  readonly #contentEncoding: string | null
  #text: string | null = null
  // A read that failed (past the limit, cut off) fails the same way when asked again: the
  // verb override may read a form before the operation does.
  #failure: unknown = undefined

  /** The headers' values, which the caller has read already. */
  constructor(
    request: Request,
    limit: number,
    contentLength: string | null,
    contentEncoding: string | null = null,
  ) {
    this.#request = request
    this.#limit = limit
    this.#contentLength = contentLength
    this.#contentEncoding = contentEncoding
  }

  /** The body as text (UTF-8, a BOM dropped); a 413 `DecodeError` past the limit. */
  async text(): Promise<string> {
    if (this.#text !== null) return this.#text
    if (this.#failure !== undefined) throw this.#failure
    try {
      this.#text = await this.#read()
    } catch (error) {
      this.#failure = error
      throw error
    }
    return this.#text
  }

  async #read(): Promise<string> {
    const limit = this.#limit
    if (isCompressed(this.#contentEncoding)) return new TextDecoder().decode(await this.bytes())
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
    return text
  }

  /** The raw bytes (a multipart form), decompressed, within the same limit. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = await readBodyBytes(this.#request, this.#limit)
    const encoding = this.#contentEncoding
    return isCompressed(encoding) ? decompressed(bytes, encoding, this.#limit) : bytes
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
  const encoding = request.headers.get('content-encoding')
  return new RequestBody(request, limit, contentLength, encoding).text()
}
