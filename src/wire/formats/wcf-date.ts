// The date forms of ServiceStack.Text (servicestack-wire.md sections 6.2 and 6.3), as its
// DateTimeSerializer reads them on a host whose clock is UTC.
import { hostDate, type DateKind } from './date-handlers.ts'
import { matchedUtc, splitFraction, utcMs, zoneMinutes } from './date-parts.ts'

const isoDateOnly = /^(\d{4})-(\d{2})-(\d{2})$/
const compactDate = /^(\d{4})(\d{2})(\d{2})$/
// DateTime.Parse with the invariant culture reads a slashed date month first (MM/dd/yyyy).
const monthFirst = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/
const rfc1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i
// What `DateTime.Parse` (invariant culture) reads that no branch before it does: a date whose
// month or day has no leading zero (`2011-8-4`), with or without a time and a zone (issue 39).
const looseDate =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,7}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i
const unixMillis = /^\s*[+-]?\d+\s*$/
// TimeSpan.Parse of FromTimeOffsetString's `hh:mm` (SST DateTimeExtensions.cs).
const offsetForm = /^[+-](\d{1,2}):?(\d{2})$/
const xsDateTime =
  /^\s*(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?)?(Z|[+-]\d\d:\d\d)?\s*$/

/** How the host's ServiceStack.Text is set up to read dates. */
export interface DateReading {
  /**
   * `JsConfig.AlwaysUseUtc`, which Sitefinity sets from `CommentsModuleConfig.AlwaysUseUTC`
   * (true on a fresh install): every date read is made UTC, except `yyyyMMdd`.
   */
  readonly alwaysUseUtc: boolean
  /** The value is an XML body's: DataContractSerializer reads it (`parseXsdDate`), not SST. */
  readonly xml?: boolean
}

export const freshInstall: DateReading = { alwaysUseUtc: true }

/**
 * Reads a date as ServiceStack.Text's `ParseShortestXsdDateTime` does (SST
 * Common/DateTimeSerializer.cs l.82–195, `ParseWcfJsonDate` l.553–590, and `Prepare` l.57–66
 * for `AlwaysUseUtc`), branch by branch: `/Date(ms±HHMM)/`, ISO 8601 with or without a zone
 * and up to seven fraction digits (ticks kept), `yyyy-MM-dd`, `yyyyMMdd`, `MM/dd/yyyy
 * HH:mm:ss` and RFC 1123. Undefined for what it refuses or what lies outside DateTime's range
 * (an ArgumentOutOfRangeException there): the binder drops it.
 */
export function parseDate(text: string, reading: DateReading = freshInstall): Date | undefined {
  const value = text.trim()
  // Prepare(): AlwaysUseUtc makes every Kind UTC; without it each keeps the one it was read as.
  const prepared = (kind: DateKind): DateKind => (reading.alwaysUseUtc ? 'utc' : kind)
  if (value.startsWith('\\/Date(') || value.startsWith('/Date(')) {
    const wcf = wcfDate(value)
    if (!wcf) return undefined
    return hostDate(wcf.ms, prepared(wcf.kind))
  }
  const length = value.length
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value)
  const parsed = parseParts(value)
  if (!parsed) return undefined
  const { ms, subTicks } = parsed
  // The branches of ParseShortestXsdDateTime by length, each with the Kind it makes.
  let kind: DateKind
  if ((length === 19 || (length === 23 && !value.endsWith('Z'))) && !zoned) kind = 'unspecified'
  else if (length === 8 && compactDate.test(value)) return hostDate(ms, 'unspecified', subTicks)
  else if (value.endsWith('Z') && (length === 20 || (length >= 24 && length <= 28))) {
    // Parsed as UTC, then Prepare(parsedAsUtc: true) makes it Local unless AlwaysUseUtc.
    kind = reading.alwaysUseUtc ? 'utc' : 'local'
  } else kind = 'local'
  return hostDate(ms, prepared(kind), subTicks)
}

/** `ParseWcfJsonDate`: the instant, and Utc without an offset, else Local (a wall clock). */
function wcfDate(value: string): { ms: number; kind: DateKind } | undefined {
  const text = value.startsWith('\\') ? value.slice(1) : value
  const close = text.indexOf(')')
  if (close < 0) return undefined
  const time = text.slice('/Date('.length, close)
  const zoneAt = Math.max(time.lastIndexOf('+'), time.lastIndexOf('-'))
  const zone = zoneAt <= 0 ? '' : time.slice(zoneAt)
  const digits = time.slice(0, time.length - zone.length)
  if (!unixMillis.test(digits)) return undefined
  const ms = Number(digits)
  if (zone === '') return { ms, kind: 'utc' }
  // `-0000` is "unspecified": the UTC instant made Local. Any other offset is added to the
  // instant and the result read as the host's wall clock: on a UTC host, `ms + offset`.
  if (zone === '-0000') return { ms, kind: 'local' }
  const offset = offsetForm.exec(zone)
  if (!offset) return undefined
  const hours = Number(offset[1])
  const minutes = Number(offset[2])
  if (hours > 23 || minutes > 59) return undefined
  const sign = zone.startsWith('-') ? -1 : 1
  return { ms: ms + sign * (hours * 60 + minutes) * 60_000, kind: 'local' }
}

/** The instant of the other forms, and the ticks past the millisecond; undefined if none. */
function parseParts(value: string): { ms: number; subTicks: number } | undefined {
  const dateOnly = isoDateOnly.exec(value) ?? compactDate.exec(value)
  if (dateOnly) {
    const ms = utcMs({ year: +dateOnly[1]!, month: +dateOnly[2]!, day: +dateOnly[3]! })
    return ms === undefined ? undefined : { ms, subTicks: 0 }
  }
  const iso = isoDateTime.exec(value)
  if (iso) {
    const [ms, subTicks] = splitFraction(iso[7])
    const local = utcMs({
      year: +iso[1]!,
      month: +iso[2]!,
      day: +iso[3]!,
      hours: +iso[4]!,
      minutes: +iso[5]!,
      seconds: Number(iso[6] ?? 0),
      ms,
    })
    if (local === undefined) return undefined
    return { ms: local - zoneMinutes(iso[8]) * 60_000, subTicks }
  }
  const slashed = monthFirst.exec(value)
  if (slashed) {
    const [ms, subTicks] = splitFraction(slashed[7])
    const at = utcMs({
      year: +slashed[3]!,
      month: +slashed[1]!,
      day: +slashed[2]!,
      hours: +slashed[4]!,
      minutes: +slashed[5]!,
      seconds: +slashed[6]!,
      ms,
    })
    return at === undefined ? undefined : { ms: at, subTicks }
  }
  if (rfc1123.test(value)) return { ms: Date.parse(value), subTicks: 0 }
  return looseParts(value)
}

/**
 * The `DateTime.Parse(value, InvariantCulture, AssumeLocal)` fallback of
 * `ParseShortestXsdDateTime` (SST Common/DateTimeSerializer.cs l.166–183), which a date without
 * leading zeros reaches: it has a separator, so not `yyyyMMdd` (l.150), and is not 10 long
 * (l.155). A `Z` form of the lengths XmlConvert or ParseExact take (l.136–148) never gets here.
 */
function looseParts(value: string): { ms: number; subTicks: number } | undefined {
  const zulu = value.endsWith('Z')
  if (zulu && (value.length === 20 || (value.length >= 24 && value.length <= 28))) return undefined
  const loose = looseDate.exec(value)
  if (!loose) return undefined
  const { at, subTicks } = matchedUtc(loose)
  return at === undefined ? undefined : { ms: at - zoneMinutes(loose[8]) * 60_000, subTicks }
}

/**
 * Reads xs:dateTime as DataContractSerializer does (XmlConvert, RoundtripKind): `Z` is Utc, an
 * offset Local (the instant kept), none Unspecified; seven fraction digits kept as ticks.
 * Undefined when XmlConvert refuses it, a year outside 1 to 9999 included.
 */
export function parseXsdDate(text: string): Date | undefined {
  const match = xsDateTime.exec(text)
  if (!match) return undefined
  const { at: local, subTicks } = matchedUtc(match)
  if (local === undefined || +match[1]! < 1) return undefined
  const zone = match[8]
  const kind: DateKind = zone === undefined ? 'unspecified' : zone === 'Z' ? 'utc' : 'local'
  return hostDate(local - zoneMinutes(zone) * 60_000, kind, subTicks)
}

/** `/Date(ms)/`, or `/Date(ms+0000)/` with `AppendUtcOffset`: a UTC date. */
export function formatWcfDate(date: Date, appendUtcOffset = false): string {
  return `/Date(${date.getTime()}${appendUtcOffset ? '+0000' : ''})/`
}
