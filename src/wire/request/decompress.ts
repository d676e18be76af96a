import { DecodeError } from './decode-error.ts'
import { readWithin } from './read-body.ts'

// `Content-Encoding: gzip` or `deflate` on a request body: ServiceStack 5 decompresses it before
// reading (its request stream wraps a GZipStream or DeflateStream). The body limit applies to
// the decompressed bytes, so a small bomb is a 413, never a flood of memory.

/** The encodings read, by their `Content-Encoding` token. */
const formats: Readonly<Record<string, 'gzip' | 'deflate' | 'deflate-raw'>> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
}

/** A compressed body's bytes decompressed, within `limit`; a 400 for what does not decode. */
export async function decompressed(
  bytes: Uint8Array<ArrayBuffer>,
  encoding: string,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const token = encoding.trim().toLowerCase()
  let format = formats[token]
  if (format === undefined) {
    throw new DecodeError(
      `Failed to read request: Content-Encoding '${token.replace(/[^\x21-\x7e]/g, '?').slice(0, 40)}' is not supported (gzip and deflate are)`,
      { status: 415, errorCode: 'NotSupportedException' },
    )
  }
  // HTTP's deflate is zlib-wrapped; .NET's DeflateStream (and many clients) send it raw.
  if (format === 'deflate' && !hasZlibHeader(bytes)) format = 'deflate-raw'
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(format))
  // The decoder's own words may quote the bytes: the mock's instead.
  return readWithin(stream, limit, () => {
    throw new DecodeError(`Failed to read request: the body is not valid ${token} data`)
  })
}

/** RFC 1950's two header bytes: deflate method, and a check that divides by 31. */
function hasZlibHeader(bytes: Uint8Array): boolean {
  const [first = 0, second = 0] = bytes
  return (first & 0x0f) === 8 && (first * 256 + second) % 31 === 0
}
