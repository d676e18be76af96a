/**
 * A number as .NET writes a `decimal`: never in exponent form (`1E+21` is
 * `1000000000000000000000`, `1e-7` is `0.0000001`). JavaScript writes those two ranges with an
 * exponent, which no ServiceStack reader takes as a decimal; other numbers are written as
 * JavaScript writes them.
 */
export function plainDecimal(n: number): string {
  const text = String(n)
  if (!text.includes('e')) return text
  // A decimal keeps at most 28 digits after the point: less is zero, without a sign.
  const plain = n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 28 })
  return plain === '-0' ? '0' : plain
}

/** Whether JavaScript writes this number with an exponent (1e21 and up, under 1e-6). */
export function needsPlain(n: number): boolean {
  const size = Math.abs(n)
  return size >= 1e21 || (size < 1e-6 && size !== 0)
}
