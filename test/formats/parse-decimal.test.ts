import { describe, expect, it } from 'vitest'
import { parseDecimalText } from '../../src/wire/formats/parse-decimal.ts'

// The quirks of ServiceStack.Text's own decimal parser, which the Sitefinity host (.NET
// Framework) reads every decimal with: SST src/ServiceStack.Text/DefaultMemory.cs l.132–367 at
// v5.10. ServiceStack.Text's own vectors are in servicestack-text-vectors.test.ts.
describe('parseDecimalText: DefaultMemory.TryParseDecimal, state by state', () => {
  it.each([
    // l.204–233: the Number state has no exponent.
    ['1e2', undefined],
    ['1E+21', undefined],
    // l.158–180: no `+` sign at all.
    ['+1', undefined],
    ['+1.5', undefined],
    // l.236–243: after a leading 0 only a point or the end.
    ['01', undefined],
    ['0 ', undefined],
    ['00.5', undefined],
    ['0.50', '0.50'],
    // l.245–249: no whitespace after a bare fraction.
    ['.5 ', undefined],
    // l.232: thousands separators anywhere after the first digit.
    ['1,,2', '12'],
    ['1,2.5', '12.5'],
    // l.281–346: the exponent's sign, leading zeros, whitespace after it; `e0` is refused.
    ['2.e', '2'],
    ['1.5e0', undefined],
    ['1.5e05', '150000'],
    ['1.5e-', undefined],
    ['1.5e5 ', '150000'],
    ['1.5e 5', undefined],
    ['1.5e128', undefined],
    // l.358: the scale past 28 throws.
    ['1.0e-28', undefined],
    ['1.0e-27', '0.0000000000000000000000000010'],
    // l.213–216: past 96 bits the checked arithmetic overflows.
    ['79228162514264337593543950336', undefined],
    // A negative zero keeps its scale and loses its sign, as .NET writes it (issue 39, P4).
    ['-0', '0'],
    ['-0.00', '0.00'],
    ['4.50', '4.50'],
  ])('reads %j as %j', (text, expected) => {
    expect(parseDecimalText(text)).toBe(expected)
  })

  it('refuses a long run of digits past 96 bits, and a fraction past 127 digits', () => {
    expect(parseDecimalText('9'.repeat(100_000))).toBeUndefined()
    expect(parseDecimalText(`0.${'0'.repeat(100_000)}1`)).toBeUndefined()
  })
})
