// The parts of a date as ServiceStack.Text and XmlConvert read them (wcf-date.ts): the instant
// of a date and time as written, its fraction's ticks, an offset's minutes.

/**
 * The instant, read as UTC, and the ticks past its milliseconds, of a match whose groups 1 to 7
 * are year, month, day, hours, minutes, seconds and fraction, the time's parts optional.
 */
export function matchedUtc(match: RegExpExecArray): { at: number | undefined; subTicks: number } {
  const [ms, subTicks] = splitFraction(match[7])
  const at = utcMs({
    year: +match[1]!,
    month: +match[2]!,
    day: +match[3]!,
    hours: Number(match[4] ?? 0),
    minutes: Number(match[5] ?? 0),
    seconds: Number(match[6] ?? 0),
    ms,
  })
  return { at, subTicks }
}

/** A fraction's milliseconds and the ticks past them (digits past the seventh are cut). */
export function splitFraction(digits: string | undefined): [number, number] {
  const seven = (digits ?? '').padEnd(7, '0').slice(0, 7)
  return [Number(seven.slice(0, 3)), Number(seven.slice(3))]
}

export function zoneMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)))
}

/** A date and time as written, its month from 1; the time of day 00:00:00.000 unless given. */
export interface DateParts {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hours?: number
  readonly minutes?: number
  readonly seconds?: number
  readonly ms?: number
}

export function utcMs(parts: DateParts): number | undefined {
  const { year, month, day, hours = 0, minutes = 0, seconds = 0, ms = 0 } = parts
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59)
    return undefined
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, ms))
  // Date.UTC reads years 0 to 99 as 1900 to 1999; DateTime.MinValue is the year 1.
  if (year < 100) date.setUTCFullYear(year)
  // Date.UTC rolls 31 February over into March; the real parser refuses it.
  if (date.getUTCDate() !== day) return undefined
  const at = date.getTime()
  return Number.isNaN(at) ? undefined : at
}
