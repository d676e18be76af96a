import { continuedStream, type ReadSoFar } from './continued-stream.ts'
import { decompressed } from './decompress.ts'
import { bodyFailed, tooLarge } from './read-body.ts'

/** What a read past the limit took, and the rest it left unread. */
type Overflow = ReadSoFar

/** Whether a `Content-Encoding` needs decoding here (`identity` and none do not). */
export function isCompressed(encoding: string | null): encoding is string {
  return encoding !== null && encoding !== '' && encoding.toLowerCase() !== 'identity'
}

/** How a body is read, besides the headers' values the caller has read already. */
export interface RequestBodyOptions {
  readonly contentEncoding?: string | null
  /**
   * Keep the bytes as they arrived (still compressed, a BOM and invalid UTF-8 as sent) when
   * reading it: a fallback may forward it after the method override or a replay read it.
   */
  readonly keepBytes?: boolean
}

/**
 * A request's body, read at most once and within the body limit: the method override, the
 * operation's reader, a simulated fault and a fallback all ask this one reader, and the journal
 * keeps whatever was read.
 */
export class RequestBody {
  readonly #request: Request
  readonly #limit: number
  readonly #contentLength: string | null
  readonly #contentEncoding: string | null
  readonly #keepBytes: boolean
  // The one read, of the bytes as they arrived or of the text. A read that failed (past the
  // limit, cut off) fails the same way when asked again: the verb override may read a form
  // before the operation does.
  #wire: Promise<Uint8Array<ArrayBuffer>> | null = null
  #reading: Promise<string> | null = null
  #text: string | null = null
  #overflow: Overflow | null = null

  constructor(
    request: Request,
    limit: number,
    contentLength: string | null,
    { contentEncoding = null, keepBytes = false }: RequestBodyOptions = {},
  ) {
    this.#request = request
    this.#limit = limit
    this.#contentLength = contentLength
    this.#contentEncoding = contentEncoding
    this.#keepBytes = keepBytes
  }

  /**
   * The body as text (UTF-8, a BOM dropped); a 413 `DecodeError` past the limit. Every caller
   * gets the one read's promise.
   */
  text(): Promise<string> {
    return (this.#reading ??= this.#readText())
  }

  async #readText(): Promise<string> {
    const declared = Number(this.#contentLength ?? Number.NaN)
    let text: string
    if (this.#keepBytes || isCompressed(this.#contentEncoding) || !(declared <= this.#limit)) {
      text = utf8.decode(await this.bytes())
    } else if (declared === 0) {
      text = ''
    } else {
      // A declared length within the limit, bytes no one will forward: the runtime's own text,
      // with no copy of them made. (Touching `request.body` first would make the Node server
      // build a web stream for nothing.)
      try {
        text = await this.#request.text()
      } catch (error) {
        bodyFailed(error)
      }
      if (text.length > this.#limit) throw tooLarge(text.length, this.#limit)
    }
    this.#text = text
    return text
  }

  /** The bytes (a multipart form), decompressed, within the same limit. */
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = await (this.#wire ??= this.#read())
    const encoding = this.#contentEncoding
    return isCompressed(encoding) ? decompressed(bytes, encoding, this.#limit) : bytes
  }

  /**
   * The body as it arrived (read with `keepBytes`), for a fallback that sends it on: its bytes
   * when they were read, or
   * when `whole` asks for them (a small body, sent with no stream between); else a stream of
   * it, beginning with what was read before the limit stopped a reader. Null: there is none.
   */
  async forwarded(
    whole: boolean,
  ): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null> {
    if (this.#wire === null && !whole) return this.#request.body
    try {
      return await (this.#wire ??= this.#read())
    } catch (error) {
      const overflow = this.#overflow
      this.#overflow = null
      if (overflow) return continuedStream(overflow)
      // A declared length past the limit was refused before a byte was read.
      if (Number(this.#contentLength) > this.#limit) return this.#request.body
      throw error
    }
  }

  async #read(): Promise<Uint8Array<ArrayBuffer>> {
    const limit = this.#limit
    const declared = Number(this.#contentLength ?? Number.NaN)
    if (declared > limit) throw tooLarge(declared, limit)
    if (declared === 0) return new Uint8Array(0)
    if (Number.isFinite(declared)) {
      // A declared length within the limit: the runtime reads no more than it. (Touching
      // `request.body` first would make the Node server build a web stream for nothing.)
      let bytes: Uint8Array<ArrayBuffer>
      try {
        bytes = new Uint8Array(await this.#request.arrayBuffer())
      } catch (error) {
        bodyFailed(error)
      }
      if (bytes.byteLength > limit) throw tooLarge(bytes.byteLength, limit)
      return bytes
    }
    const stream = this.#request.body
    return stream === null ? new Uint8Array(0) : this.#readStream(stream, limit)
  }

  /** A body of unknown length, counted as it arrives; past the limit, the rest is left unread. */
  async #readStream(
    stream: ReadableStream<Uint8Array>,
    limit: number,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const reader = stream.getReader()
    const chunks: Uint8Array[] = []
    let total = 0
    for (;;) {
      const { done, value } = await reader.read().catch(bodyFailed)
      if (done) break
      chunks.push(value)
      total += value.byteLength
      if (total > limit) {
        // Not cancelled: a fallback may still forward the body whole, and the Node server
        // drains what no one reads once it has answered.
        this.#overflow = { chunks, reader }
        throw tooLarge(total, limit)
      }
    }
    return joined(chunks, total)
  }

  /** The text read so far, or null when none was (or it was empty): what the journal shows. */
  get textRead(): string | null {
    return this.#text === '' ? null : this.#text
  }
}

const utf8 = new TextDecoder()

function joined(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** A body as text within `limit`, for a caller outside an operation (the control routes). */
export function readBodyText(
  request: Request,
  limit: number,
  contentLength: string | null = request.headers.get('content-length'),
): Promise<string> {
  const encoding = request.headers.get('content-encoding')
  return new RequestBody(request, limit, contentLength, { contentEncoding: encoding }).text()
}
