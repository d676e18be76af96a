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

/** Writes text into bytes at an offset, as UTF-8 or as Latin-1; returns the bytes written. */
export interface TextWriter {
  alloc(size: number): Uint8Array
  utf8(bytes: Uint8Array, text: string, offset: number): number
  latin1(bytes: Uint8Array, text: string, offset: number): number
}

/** What `textWriterOf` needs of Node's Buffer: its allocation; its instances write at an offset. */
interface BufferLike {
  allocUnsafeSlow(size: number): Uint8Array & {
    write(text: string, offset: number, encoding: 'utf8' | 'latin1'): number
  }
}

/**
 * The journal's text writer for a runtime: Node's Buffer writes at an offset in one native
 * call; the web's TextEncoder needs a view per call and has no Latin-1 (the service worker is
 * not a hot path).
 * @example createJournal(500, 16 * 1024 * 1024, textWriterOf(globalThis))
 */
export function textWriterOf(runtime: { readonly Buffer?: unknown }): TextWriter {
  const buffer = runtime.Buffer as BufferLike | undefined
  if (buffer) {
    type Written = ReturnType<BufferLike['allocUnsafeSlow']>
    return {
      alloc: (size) => buffer.allocUnsafeSlow(size),
      utf8: (bytes, text, offset) => (bytes as Written).write(text, offset, 'utf8'),
      latin1: (bytes, text, offset) => (bytes as Written).write(text, offset, 'latin1'),
    }
  }
  const encoder = new TextEncoder()
  return {
    alloc: (size) => new Uint8Array(size),
    utf8: (bytes, text, offset) => encoder.encodeInto(text, bytes.subarray(offset)).written,
    latin1: (bytes, text, offset) => {
      for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i)
      return text.length
    },
  }
}
