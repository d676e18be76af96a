import { DecodeError } from './decode-error.ts'

// Reading a stream's bytes within the body limit (413 past it), and a 400 when the client goes
// away mid-way. A request's body: request-body.ts. Parsing and binding: read-request.ts.

/**
 * A stream's bytes, counted as they arrive: past `limit`, reading stops with a 413. A stream
 * that fails is handed to `failed` (which throws the error to answer).
 */
export async function readWithin(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  failed: (error: unknown) => never,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read().catch(failed)
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      throw tooLarge(total, limit)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The client went away or its body broke mid-way: a 400, never a 500, and nothing applied. */
export function bodyFailed(error: unknown): never {
  throw new DecodeError(
    `Failed to read request: the body did not arrive whole (${(error as Error)?.message ?? error})`,
  )
}

export function tooLarge(size: number, limit: number): DecodeError {
  return new DecodeError(
    `Failed to read request: the body is ${size} bytes, over the limit of ${limit} bytes`,
    { status: 413, errorCode: 'RequestEntityTooLarge' },
  )
}
