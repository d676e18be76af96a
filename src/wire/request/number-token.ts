/**
 * A JSON number whose text says more than its value: `12.50`, `1e2`, `1.0`, or more digits
 * than a double keeps. JSON.parse makes each a plain number; ServiceStack.Text reads the text,
 * so the binder needs it: a string field keeps the text, an int field refuses `1.0` and
 * `1e2`, a decimal field reads its exponent as ServiceStack.Text does (parse-decimal.ts).
 */
export class NumberToken {
  readonly value: number
  readonly text: string

  constructor(value: number, text: string) {
    this.value = value
    this.text = text
  }
}

/**
 * Text that may hold such a number: after `:`, `,` or `[`, a number with an exponent, a
 * fraction ending in 0, or 16 digits in a row. (Matching anywhere took every GUID with a digit,
 * an `e` and a digit, `435e-9`, for an exponent: a second parse on most requests.)
 */
const telling = /[:,[]\s*-?(?:\d+(?:\.\d+)?[eE]|\d+\.\d*0(?!\d)|\d{16})/

/** A number whose token JavaScript would not write back as it came. */
function tellsMore(source: string): boolean {
  return source !== String(Number(source))
}

/**
 * The tree of JSON text with its telling numbers as `NumberToken`s, or undefined where there
 * are none or the runtime's JSON.parse does not hand a reviver the source text (Node 21+ and
 * current browsers do).
 */
export function withNumberTokens(text: string): unknown {
  if (!telling.test(text)) return undefined
  let found = false
  const tree = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    const source = context?.source
    if (typeof value !== 'number' || source === undefined || !tellsMore(source)) return value
    found = true
    return new NumberToken(value, source)
  })
  return found ? tree : undefined
}
