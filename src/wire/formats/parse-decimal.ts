/**
 * A decimal as ServiceStack.Text reads one from text on .NET Framework, the Sitefinity host's
 * runtime: `DeserializeBuiltin` hands a `decimal?` to `value.ParseDecimal()` (SST
 * `Common/DeserializeBuiltin.cs` l.108–109), which is `DefaultMemory.TryParseDecimal(value,
 * allowThousands: true)` outside .NET Core (SST `MemoryProvider.cs` l.14–19, `DefaultMemory.cs`
 * l.44–47, l.132–367). Not `decimal.Parse`: its own state machine, whose quirks are the host's
 * and are kept here (issue 39, G1):
 * - an exponent only after a point (`7.67e-6`, `2.e2`, `.001e5`); `1e2` is refused;
 * - no `+` sign; thousands separators anywhere in the integral part, not first (`,1`);
 * - a leading `0` is followed by a point or nothing (`01`, `0 ` are refused);
 * - whitespace around, but not after a bare fraction (`.5 `);
 * - a trailing `e` with nothing after it is ignored (`2.e` is 2); `e0` is refused (l.299–301).
 *
 * The answer is the decimal's text as .NET writes it (its digits and its scale: `4.50` stays
 * `4.50`, `10.001E3` is `10001`), or undefined where ServiceStack.Text throws.
 */
export function parseDecimalText(value: string): string | undefined {
  const parsed = readDecimal(value)
  if (parsed === undefined) return undefined
  const { digits, scale, negative } = parsed
  // `new decimal(lo, mid, hi, negative, scale)` throws past scale 28 (l.358, l.363), and the
  // checked arithmetic past 96 bits (l.213–216).
  if (scale < 0 || scale > 28 || digits > maxMantissa) return undefined
  const text = digits.toString().padStart(scale + 1, '0')
  const body = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`
  // .NET writes a negative zero without its sign (P4): `-0`, `-0.` and `-0.00` are `0`, `0.00`.
  return negative && digits !== 0n ? `-${body}` : body
}

const maxMantissa = (1n << 96n) - 1n

/** `JsonUtils.IsWhiteSpace` (SST `Json/JsonUtils.cs` l.43–46). */
function isWhiteSpace(c: string): boolean {
  return c === ' ' || (c >= '\t' && c <= '\r') || c === '\u00a0' || c === '\u0085' || c === '\u200b'
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9'

type State =
  'leading' | 'sign' | 'number' | 'point' | 'fraction' | 'exponent' | 'trailing' | 'refused'

interface Parsed {
  digits: bigint
  scale: number
  negative: boolean
}

/** l.158–180, l.184–201: what the first character after whitespace and a sign starts. */
function firstCharacter(c: string, out: Parsed): State {
  if (c === '.') return 'fraction'
  if (c === '0') return 'point'
  if (c > '0' && c <= '9') {
    out.digits = BigInt(c)
    return 'number'
  }
  return 'refused'
}

// One step of DefaultMemory.cs l.148–352 per character; the exponent takes the rest at once.
function readDecimal(value: string): Parsed | undefined {
  if (value.length === 0) return undefined
  const out: Parsed = { digits: 0n, scale: 0, negative: false }
  let state: State = 'leading'
  let noIntegerPart = false
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string
    const atEnd = i + 1 === value.length
    switch (state) {
      case 'leading':
        if (isWhiteSpace(c)) break
        if (c === '-') {
          out.negative = true
          state = 'sign'
          break
        }
        state = firstCharacter(c, out)
        if (state === 'fraction') noIntegerPart = true
        if (state === 'refused' || (noIntegerPart && atEnd)) return undefined
        break
      case 'sign':
        state = firstCharacter(c, out)
        if (state === 'fraction') noIntegerPart = true
        if (state === 'refused' || (noIntegerPart && atEnd)) return undefined
        break
      case 'number':
        if (c === '.') state = 'fraction'
        else if (isDigit(c)) {
          out.digits = out.digits * 10n + BigInt(c)
          // The checked arithmetic overflows here (l.213–216): no need to read further.
          if (out.digits > maxMantissa) return undefined
        } else if (isWhiteSpace(c)) state = 'trailing'
        else if (c !== ',') return undefined
        break
      case 'point':
        if (c !== '.') return undefined
        state = 'fraction'
        break
      case 'fraction':
        if (isWhiteSpace(c)) {
          if (noIntegerPart) return undefined
          state = 'trailing'
        } else if (c === 'e' || c === 'E') {
          if (noIntegerPart && out.scale === 0) return undefined
          state = 'exponent'
        } else if (isDigit(c)) {
          out.digits = out.digits * 10n + BigInt(c)
          out.scale++
          // Past 96 bits it overflows; past sbyte's range the scale no exponent brings back.
          if (out.digits > maxMantissa || out.scale > 127) return undefined
        } else return undefined
        break
      case 'exponent':
        return applyExponent(out, value.slice(i))
      case 'trailing':
        if (!isWhiteSpace(c)) return undefined
        break
    }
  }
  return out
}

/** l.281–346: a sign, leading zeros skipped, then an Int64 within sbyte and trailing whitespace. */
function applyExponent(out: Parsed, rest: string): Parsed | undefined {
  const match = /^([+-]?)0*([1-9]\d*)[\t-\r \u00a0\u0085\u200b]*$/.exec(rest)
  if (!match) return undefined
  const exp = Number(match[2])
  if (exp > 127) return undefined
  if (match[1] === '-') out.scale += exp
  else if (out.scale > exp) out.scale -= exp
  else {
    out.digits *= 10n ** BigInt(exp - out.scale)
    out.scale = 0
  }
  return out
}
