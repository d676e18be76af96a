// ServiceStack.Text's JSON reader is lenient where JSON.parse is not: it reads past a trailing
// comma, stops at the end of the first complete object (text after it is never read), and a
// body cut off after a complete value gives the members read so far. This makes such a body
// into the JSON ServiceStack.Text effectively read, and says what it changed; anything else
// stays an error. One linear pass, on the failure path only.

export interface LenientJson {
  readonly text: string
  /** What was not JSON, each a predicate of "the JSON body" (`has a trailing comma`), for `X-Mock-Warning`. */
  readonly fixes: readonly string[]
}

const blank = /\s/

/** The body as ServiceStack.Text reads it, or undefined when it cannot be read either. */
export function lenientJson(text: string): LenientJson | undefined {
  const closers: string[] = []
  const dropped: number[] = [] // positions of trailing commas
  const fixes = new Set<string>()
  let inString = false
  let last = -1 // position of the last significant character outside strings
  let end = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') {
        inString = false
        last = i
      }
      continue
    }
    if (blank.test(c)) continue
    if (c === '"') inString = true
    else if (c === '{' || c === '[') closers.push(c === '{' ? '}' : ']')
    else if (c === '}' || c === ']') {
      if (closers.pop() !== c) return undefined
      if (text[last] === ',') {
        dropped.push(last)
        fixes.add('has a trailing comma')
      }
      if (closers.length === 0) {
        end = i + 1
        if (text.slice(end).trim() !== '') fixes.add('has text after the closing brace')
        last = i
        break
      }
    }
    last = i
  }
  let tail = ''
  if (closers.length > 0) {
    // Cut off: only after a complete value (or an open brace) can the reader close what is open.
    const before = text[last]
    if (inString || before === ':') return undefined
    if (before === ',') dropped.push(last)
    end = last + 1
    tail = closers.reverse().join('')
    fixes.add('is cut off')
  }
  if (fixes.size === 0) return undefined
  let out = ''
  let from = 0
  for (const at of dropped) {
    out += text.slice(from, at)
    from = at + 1
  }
  return { text: out + text.slice(from, end) + tail, fixes: [...fixes] }
}
