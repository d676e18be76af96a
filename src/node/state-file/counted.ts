/** Pieces that count their characters as they go: the size of the file just written. */
export function counted(parts: Iterable<string>): Iterable<string> & { chars: number } {
  const result = {
    chars: 0,
    *[Symbol.iterator](): Generator<string> {
      for (const part of parts) {
        result.chars += part.length
        yield part
      }
    },
  }
  return result
}
