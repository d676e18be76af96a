const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer

/**
 * The UTF-8 size of a text without encoding it: Node's native count where there is one, a
 * counting loop elsewhere (a browser running the service worker).
 */
export function utf8Length(text: string): number {
  return nodeBuffer ? nodeBuffer.byteLength(text) : countUtf8Bytes(text)
}

/**
 * The counting loop: 1 to 3 bytes per UTF-16 unit, 4 per surrogate pair, and 3 for a lone
 * surrogate (written as U+FFFD), as an encoder counts them.
 */
export function countUtf8Bytes(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) {
      bytes += 1
      continue
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2 // a pair: 4 bytes for 2 units
        i++
        continue
      }
    }
    bytes += 2
  }
  return bytes
}
