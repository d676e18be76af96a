/**
 * A matcher for a path pattern in which `*` stands for any run of characters (and nothing else
 * is special), case-insensitive: the matcher takes the text already in lower case, so a caller
 * trying many patterns on one path lowers it once. No regular expression: `.*` per star
 * backtracks exponentially on patterns such as `*a*a*a*a*b`. The pattern is cut at its stars;
 * the text must start with the first piece and end with the last, and hold the pieces between
 * in order, each found by one forward search from where the one before ended. The leftmost
 * place of a piece is always the best one, so nothing is retried: one pass over the text.
 * @example compileGlob('/RestApi/*comments*')('/restapi/comments-api/comments') // true
 */
export function compileGlob(pattern: string): (lowerText: string) => boolean {
  const pieces = pattern.toLowerCase().split('*')
  const first = pieces[0] ?? ''
  if (pieces.length === 1) return (text) => text === first
  const last = pieces[pieces.length - 1] ?? ''
  const middle = pieces
    .slice(1, -1)
    .filter((piece) => piece !== '')
    .map(searcher)
  const least = first.length + last.length + middle.reduce((sum, piece) => sum + piece.size, 0)
  return (text) => {
    if (text.length < least || !text.startsWith(first) || !text.endsWith(last)) return false
    let at = first.length
    const end = text.length - last.length
    for (const piece of middle) {
      const found = piece.find(text, at, end)
      if (found < 0) return false
      at = found + piece.size
    }
    return true
  }
}

interface Piece {
  readonly size: number
  /** Where the piece starts in `text`, at `from` or later and ending by `end`; else -1. */
  find(text: string, from: number, end: number): number
}

/**
 * The engine's `indexOf` is fastest, but compares a long piece afresh at each place it might
 * start: `a…ab a…a` (a thousand characters) in a megabyte of `a` took a quarter of a second.
 * Short pieces keep `indexOf` (at most six comparisons a character); longer ones are found by
 * Knuth-Morris-Pratt, which never looks at a character of the text twice.
 */
function searcher(piece: string): Piece {
  const size = piece.length
  if (size < 7) {
    return {
      size,
      find(text, from, end) {
        const found = text.indexOf(piece, from)
        return found >= 0 && found + size <= end ? found : -1
      },
    }
  }
  const fallback = failureTable(piece)
  const head = piece.charAt(0)
  return {
    size,
    find(text, from, end) {
      let matched = 0
      for (let i = from; i < end; i++) {
        if (matched === 0) {
          // Nothing matched yet: the engine finds the next place the piece could start.
          i = text.indexOf(head, i)
          if (i < 0 || i >= end) return -1
        }
        const c = text.charCodeAt(i)
        while (matched > 0 && piece.charCodeAt(matched) !== c) matched = fallback[matched - 1] ?? 0
        if (piece.charCodeAt(matched) === c) matched++
        if (matched === size) return i - size + 1
      }
      return -1
    },
  }
}

/** For each prefix of the piece, the longest proper prefix that is also its suffix. */
function failureTable(piece: string): Int32Array {
  const table = new Int32Array(piece.length)
  let length = 0
  for (let i = 1; i < piece.length; i++) {
    while (length > 0 && piece.charCodeAt(i) !== piece.charCodeAt(length)) {
      length = table[length - 1] ?? 0
    }
    if (piece.charCodeAt(i) === piece.charCodeAt(length)) length++
    table[i] = length
  }
  return table
}
