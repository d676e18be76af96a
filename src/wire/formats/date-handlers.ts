import { fraction7, kindOf, subTicksOf, unixMs, zoneSuffix } from './host-date.ts'
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

function clock(date: Date): string {
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}

/** .NET's round-trip `"o"` form: seven fraction digits, then `Z`, `+00:00` or no zone by Kind. */
export function roundTripUtc(date: Date): string {
  return `${isoDateOnly(date)}T${clock(date)}.${fraction7(date)}${zoneSuffix(date)}`
}

/** The seven-digit fraction with its trailing zeros trimmed, as XmlConvert writes it; or none. */
function trimmedFraction(date: Date): string {
  const digits = fraction7(date).replace(/0+$/, '')
  return digits === '' ? '' : `.${digits}`
}

/**
 * A date as a JSON token under a `DateHandler`: a string for most handlers, a bare number for the
 * Unix ones. The default writes `"\/Date(ms)\/"` with escaped slashes, as ServiceStack.Text does.
 */
export function formatJsonDate(date: Date, handler: DateHandler, appendUtcOffset: boolean): string {
  switch (handler) {
    case 'TimestampOffset':
    case 'DCJSCompatible':
      return `"\\/Date(${unixMs(date)}${wcfSuffix(date, handler, appendUtcOffset)})\\/"`
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
 * The suffix of `/Date(ms)/` (SST DateTimeSerializer.cs `WriteWcfJsonDate` l.615–670): none for
 * Utc (`+0000` with AppendUtcOffset under TimestampOffset), `-0000` for Unspecified under
 * TimestampOffset, else the host's offset, `+0000`.
 */
function wcfSuffix(date: Date, handler: DateHandler, appendUtcOffset: boolean): string {
  const kind = kindOf(date)
  if (kind === 'utc') return handler === 'TimestampOffset' && appendUtcOffset ? '+0000' : ''
  return kind === 'unspecified' && handler === 'TimestampOffset' ? '-0000' : '+0000'
}

/**
 * ServiceStack's `ToShortestXsdDateTimeString` (JSV and CSV cells; SST DateTimeSerializer.cs
 * l.449–491 with the .NET Framework ToXsdDateTimeString, PclExport.Net45.cs l.271–277):
 * `yyyy-MM-dd` at midnight; a UTC time `…THH:mm:ssZ`, its fraction trimmed as XmlConvert does;
 * any other Kind `…THH:mm:ss+00:00`, or with a fraction all seven digits `.fffffff+00:00`.
 */
export function shortestXsdDate(date: Date): string {
  const day = isoDateOnly(date)
  const fractional = date.getUTCMilliseconds() !== 0 || subTicksOf(date) !== 0
  const midnight = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() === 0
  if (midnight && !fractional) return day
  const time = `${day}T${clock(date)}`
  if (kindOf(date) === 'utc') return `${time}${trimmedFraction(date)}Z`
  return fractional ? `${time}.${fraction7(date)}+00:00` : `${time}+00:00`
}

/**
 * xs:dateTime as DataContractSerializer writes a DateTime (XmlConvert, RoundtripKind): the
 * fraction's seven digits trimmed, then `Z`, `+00:00` or no zone by its Kind.
 */
export function xsdDateTime(date: Date): string {
  return `${isoDateOnly(date)}T${clock(date)}${trimmedFraction(date)}${zoneSuffix(date)}`
}
