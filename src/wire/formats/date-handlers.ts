import type { DateHandler } from './jsconfig.ts'

// A DateTime as the real host holds it, as far as a front end can see it: the instant, its
// Kind (which decides the suffix each writer adds) and the ticks below the millisecond that a
// 7-digit fraction carries. The host's clock is UTC, so a Local time is the same instant with
// the offset `+00:00`. Seeds and the server's clock make plain Dates: UTC, whole milliseconds.

/** DateTimeKind: `Utc`, `Local` (the host's zone, UTC here) or `Unspecified`. */
export type DateKind = 'utc' | 'local' | 'unspecified'

/** A Date with the Kind and the sub-millisecond ticks a client's text gave it. */
export class HostDate extends Date {
  readonly kind: DateKind
  /** 100-nanosecond ticks past the millisecond, 0 to 9999. */
  readonly subTicks: number

  constructor(ms: number, kind: DateKind, subTicks = 0) {
    super(ms)
    this.kind = kind
    this.subTicks = subTicks
  }
}

/** `DateTime.MinValue` and `DateTime.MaxValue` (its last whole millisecond), in epoch ms. */
export const minDateMs = -62135596800000
export const maxDateMs = 253402300799999

/** A date as the parsers return it: a plain Date where it is UTC in whole milliseconds. */
export function hostDate(ms: number, kind: DateKind, subTicks = 0): Date | undefined {
  if (!Number.isFinite(ms) || ms < minDateMs || ms > maxDateMs) return undefined
  return kind === 'utc' && subTicks === 0 ? new Date(ms) : new HostDate(ms, kind, subTicks)
}

export function kindOf(date: Date): DateKind {
  return date instanceof HostDate ? date.kind : 'utc'
}

export function subTicksOf(date: Date): number {
  return date instanceof HostDate ? date.subTicks : 0
}

/** The seconds' fraction as DateTime's seven digits (`fffffff`). */
export function fraction7(date: Date): string {
  return String(date.getUTCMilliseconds() * 10_000 + subTicksOf(date)).padStart(7, '0')
}

/** The Unix milliseconds ServiceStack.Text writes: the ticks cut off toward zero. */
export function unixMs(date: Date): number {
  const ms = date.getTime()
  return ms < 0 && subTicksOf(date) > 0 ? ms + 1 : ms
}

/** The zone suffix of the round-trip and XSD forms: `Z`, the host's `+00:00`, or none. */
export function zoneSuffix(date: Date): string {
  const kind = kindOf(date)
  return kind === 'utc' ? 'Z' : kind === 'local' ? '+00:00' : ''
}

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
