import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { hideValuesInBody, redactBody, type Redaction } from '../../control/redact/index.ts'

// A body as a HAR entry keeps it: as text or base64, decoded, redacted, or only its size.

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A body as HAR keeps it: its text when it is text, else base64. */
export function content(bytes: Buffer, mimeType: string): { text: string; encoding?: string } {
  const textual =
    /^text\/|json|xml|javascript|csv|jsv|html|x-www-form-urlencoded|multipart\/form-data/i.test(
      mimeType,
    )
  if (textual) {
    try {
      return { text: strictUtf8.decode(bytes) }
    } catch {
      // Not UTF-8 after all: kept as bytes.
    }
  }
  return { text: bytes.toString('base64'), encoding: 'base64' }
}

/**
 * A body with its secrets redacted: text by its type, multipart byte for byte (as latin1).
 * `values`, when given, are hidden by value as well (the second pass), else by name.
 */
export function redactedBytes(
  bytes: Buffer,
  mimeType: string,
  redaction: Redaction,
  values?: readonly string[],
): Buffer {
  const redact = (text: string): string =>
    values ? hideValuesInBody(text, mimeType, values) : redactBody(text, mimeType, redaction)
  if (/^multipart\//i.test(mimeType)) return Buffer.from(redact(bytes.toString('latin1')), 'latin1')
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    // Not text: nothing a reader could redact.
    return bytes
  }
  const redacted = redact(text)
  return redacted === text ? bytes : Buffer.from(redacted)
}

/**
 * The body as sent before its Content-Encoding (HAR keeps what the page got, decoded), or
 * null when decoded it would pass `maxBytes`: zlib stops there, so a small bomb never
 * inflates whole.
 */
export function decoded(bytes: Buffer, encoding: string, maxBytes: number): Buffer | null {
  const options = { maxOutputLength: Math.max(1, maxBytes) }
  try {
    if (/^(x-)?gzip$/i.test(encoding)) return gunzipSync(bytes, options)
    if (/^deflate$/i.test(encoding)) return inflateSync(bytes, options)
    if (/^br$/i.test(encoding)) return brotliDecompressSync(bytes, options)
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null
    // Not what it said it was: kept as it came.
  }
  return bytes
}

/** The `comment` of a body kept as its size only. */
export function notKept(size: number, maxBytes: number, decodesLarger = false): string {
  return decodesLarger
    ? `body not kept: its ${size} bytes decode to more than --record-max-body (${maxBytes} bytes)`
    : `body not kept: ${size} bytes, over --record-max-body (${maxBytes} bytes)`
}
