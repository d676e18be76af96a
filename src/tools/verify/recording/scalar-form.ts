// The written form of a scalar, as verify compares it: not its value (dates, ids and server
// times differ from answer to answer), but how it is written (servicestack-wire.md 6.2, 6.4).

const wcfDate = /^\\?\/Date\(-?\d+([+-]\d{4})?\)\\?\/$/
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i
const isoDate = /^\d{4}-\d{2}-\d{2}$/
const guidD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const guidDUpper = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/
const guidN = /^[0-9a-fA-F]{32}$/
const guidBraced =
  /^[{(][0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}[})]$/

/**
 * How a text is written, where that is a form of its own: a WCF date (`/Date(ms)/` for UTC,
 * `-0000` for an unspecified kind, `±HHMM` for local time: SST5 `DateTimeSerializer.WriteWcfJsonDate`),
 * an XSD date (by its zone), a GUID (by its letters and dashes); else `text`.
 */
export function scalarForm(text: string): string {
  const wcf = wcfDate.exec(text)
  if (wcf) {
    const offset = wcf[1]
    if (offset === undefined) return 'date /Date(ms)/'
    return offset === '-0000' ? 'date /Date(ms-0000)/' : 'date /Date(ms±HHMM)/'
  }
  const iso = isoDateTime.exec(text)
  if (iso) {
    const zone = iso[1]
    if (zone === undefined) return 'date yyyy-MM-ddTHH:mm:ss (no zone)'
    return zone.toUpperCase() === 'Z'
      ? 'date yyyy-MM-ddTHH:mm:ssZ'
      : 'date yyyy-MM-ddTHH:mm:ss±HH:mm'
  }
  if (isoDate.test(text)) return 'date yyyy-MM-dd'
  if (guidD.test(text)) return 'guid (lowercase, dashed)'
  if (guidDUpper.test(text)) return 'guid (uppercase, dashed)'
  if (guidN.test(text) && /[a-fA-F]/.test(text) && /\d/.test(text))
    return 'guid (32 digits, no dashes)'
  if (guidBraced.test(text)) return 'guid (braced)'
  return 'text'
}
