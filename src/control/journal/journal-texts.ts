import { fitList } from '../../wire/index.ts'

// The journal's texts besides bodies: warnings and request headers, each bounded.

export const noWarnings: readonly string[] = []

/** The warnings, or as many as fit in `limit` characters and `… and N more`. */
export function keptWarnings(
  warnings: readonly string[],
  total: number,
  limit: number,
): readonly string[] {
  if (warnings.length === 0) return noWarnings
  // Measured as shown, joined by `; `, as fitList measures what it keeps.
  const fits =
    total === warnings.length && textCost(warnings) / 2 + 2 * (warnings.length - 1) <= limit
  return fits ? warnings : fitList(warnings, total, limit)
}

/** What texts take in memory: two bytes a UTF-16 unit. */
export function textCost(texts: readonly string[]): number {
  let units = 0
  for (const text of texts) units += text.length
  return units * 2
}

/**
 * A request's headers (names and values in turn) joined by NUL, which neither the Node parser
 * nor `Headers` lets into a header; whole headers up to `limit`, then one `x-mock-journal`
 * header saying how many were left out.
 */
export function joinHeaders(parts: readonly string[], limit: number): string {
  const joined = parts.join('\0')
  if (joined.length <= limit) return joined
  let length = 0
  let kept = 0
  while (kept + 1 < parts.length) {
    const next = (parts[kept] as string).length + (parts[kept + 1] as string).length + 2
    if (length + next > limit - 64) break
    length += next
    kept += 2
  }
  const note = `${Math.ceil((parts.length - kept) / 2)} more headers left out of the journal`
  return [...parts.slice(0, kept), 'x-mock-journal', note].join('\0')
}

/** A joined header list as `Headers`, which lists names lower-cased and sorted, repeats joined. */
export function asHeaders(joined: string): Headers {
  const out = new Headers()
  if (joined === '') return out
  const parts = joined.split('\0')
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const name = parts[i] as string
    // HTTP/2 pseudo-headers (`:path`) are not headers a page could send.
    if (name.startsWith(':')) continue
    try {
      out.append(name, parts[i + 1] as string)
    } catch {
      // A value Headers refuses (the Node parser let it through): left out of the record.
    }
  }
  return out
}

/**
 * A slot's bytes: they write a text into themselves at an offset, as UTF-8 or as Latin-1, and
 * return the bytes written (the methods Node's Buffer has under these names).
 */
export interface JournalBytes extends Uint8Array {
  utf8Write(text: string, offset: number): number
  latin1Write(text: string, offset: number): number
}

/** Makes the journal's bytes for a runtime: the texts are written by the bytes themselves. */
export interface TextWriter {
  alloc(size: number): JournalBytes
}

/** What `textWriterOf` needs of Node's Buffer: its allocation, whose bytes write at an offset. */
interface BufferLike {
  allocUnsafeSlow(size: number): Partial<JournalBytes>
}

/**
 * The journal's text writer for a runtime. Node's Buffer writes at an offset in one native
 * call: its own `utf8Write` and `latin1Write`, which `write` calls after checking its arguments
 * and its encoding's name (checks the journal does not need on every request), and its
 * allocation is bound as it is, so no code of ours runs to make or write a slot's bytes. Elsewhere (a service
 * worker, a runtime whose Buffer lacks them) TextEncoder writes, a view per call, with no
 * Latin-1 of its own: not a hot path.
 * @example createJournal(500, 16 * 1024 * 1024, textWriterOf(globalThis))
 */
export function textWriterOf(runtime: { readonly Buffer?: unknown }): TextWriter {
  const buffer = runtime.Buffer as BufferLike | undefined
  const sample = buffer?.allocUnsafeSlow(0)
  if (
    buffer &&
    typeof sample?.utf8Write === 'function' &&
    typeof sample.latin1Write === 'function'
  ) {
    return { alloc: buffer.allocUnsafeSlow.bind(buffer) as TextWriter['alloc'] }
  }
  return { alloc: (size) => new WebBytes(size) }
}

const encoder = new TextEncoder()

/** Bytes that write as Buffer does, over TextEncoder. */
class WebBytes extends Uint8Array implements JournalBytes {
  utf8Write(text: string, offset: number): number {
    return encoder.encodeInto(text, this.subarray(offset)).written
  }

  latin1Write(text: string, offset: number): number {
    for (let i = 0; i < text.length; i++) this[offset + i] = text.charCodeAt(i)
    return text.length
  }
}
