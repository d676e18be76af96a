import type { DateHandler } from './jsconfig.ts'

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/** `yyyy-MM-dd` of a UTC instant. */
export function isoDateOnly(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

function isoDateTimeSpace(date: Date): string {
  return `${isoDateOnly(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}

/** .NET's round-trip `"o"` form of a UTC DateTime: seven fraction digits and `Z`. */
export function roundTripUtc(date: Date): string {
  return `${isoDateOnly(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}0000Z`
}

/**
 * A date as a JSON token under a `DateHandler`: a string for most handlers, a bare number for the
 * Unix ones. The default writes `"\/Date(ms)\/"` with escaped slashes, as ServiceStack.Text does.
 */
export function formatJsonDate(date: Date, handler: DateHandler, appendUtcOffset: boolean): string {
  switch (handler) {
    case 'TimestampOffset':
    case 'DCJSCompatible':
      return `"\\/Date(${date.getTime()}${appendUtcOffset ? '+0000' : ''})\\/"`
    case 'ISO8601':
      return `"${roundTripUtc(date)}"`
    case 'ISO8601DateOnly':
      return `"${isoDateOnly(date)}"`
    case 'ISO8601DateTime':
      return `"${isoDateTimeSpace(date)}"`
    case 'RFC1123':
      return `"${date.toUTCString()}"`
    case 'UnixTime':
      return String(Math.floor(date.getTime() / 1000))
    case 'UnixTimeMs':
      return String(date.getTime())
  }
}

/**
 * ServiceStack's `ToShortestXsdDateTimeString` for a UTC DateTime (JSV and CSV cells):
 * `yyyy-MM-dd` at midnight, `yyyy-MM-ddTHH:mm:ssZ` without fractions, else trimmed fractions.
 */
export function shortestXsdDate(date: Date): string {
  const day = isoDateOnly(date)
  const h = date.getUTCHours()
  const m = date.getUTCMinutes()
  const s = date.getUTCSeconds()
  const ms = date.getUTCMilliseconds()
  if (h === 0 && m === 0 && s === 0 && ms === 0) return day
  const time = `${day}T${pad(h)}:${pad(m)}:${pad(s)}`
  if (ms === 0) return `${time}Z`
  return `${time}.${pad(ms, 3).replace(/0+$/, '')}Z`
}

/** xs:dateTime as DataContractSerializer writes a UTC DateTime: fractions trimmed, then `Z`. */
export function xsdDateTime(date: Date): string {
  const base = `${isoDateOnly(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  const ms = date.getUTCMilliseconds()
  return ms === 0 ? `${base}Z` : `${base}.${pad(ms, 3).replace(/0+$/, '')}Z`
}
