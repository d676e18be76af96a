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
