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
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '')
  const least = first.length + last.length + middle.reduce((sum, piece) => sum + piece.length, 0)
  return (text) => {
    if (text.length < least || !text.startsWith(first) || !text.endsWith(last)) return false
    let at = first.length
    const end = text.length - last.length
    for (const piece of middle) {
      const found = text.indexOf(piece, at)
      if (found < 0 || found + piece.length > end) return false
      at = found + piece.length
    }
    return true
  }
}
