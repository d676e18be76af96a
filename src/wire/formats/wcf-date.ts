// The date forms of ServiceStack.Text (servicestack-wire.md sections 6.2 and 6.3).

const wcfDate = /^\\?\/Date\((-?\d+)(?:([+-])(\d{2})(\d{2}))?\)\\?\/$/
const isoDateOnly = /^(\d{4})-(\d{2})-(\d{2})$/
const compactDate = /^(\d{4})(\d{2})(\d{2})$/
const dayFirst = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/
const rfc1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * Reads every date form a client may send: `/Date(ms)/` with or without escaped slashes and
 * `±HHMM`, ISO 8601 with or without a zone, `yyyy-MM-dd`, `yyyyMMdd`, `dd/MM/yyyy HH:mm:ss`
 * and RFC 1123 (servicestack-wire.md section 6.3). Times without a zone are
 * read as UTC: the mock's server clock is UTC. Returns undefined for anything else.
 */
export function parseDate(text: string): Date | undefined {
  const value = text.trim()
  const wcf = wcfDate.exec(value)
  if (wcf) {
    // The offset only says where the writer was; the milliseconds are the instant.
    return validDate(Number(wcf[1]))
  }
  const dateOnly = isoDateOnly.exec(value) ?? compactDate.exec(value)
  if (dateOnly) {
    return utcDate({
      year: Number(dateOnly[1]),
      month: Number(dateOnly[2]),
      day: Number(dateOnly[3]),
    })
  }
  const iso = isoDateTime.exec(value)
  if (iso) {
    const fraction = (iso[7] ?? '').padEnd(3, '0').slice(0, 3)
    const local = utcDate({
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hours: Number(iso[4]),
      minutes: Number(iso[5]),
      seconds: Number(iso[6] ?? 0),
      ms: Number(fraction),
    })
    if (!local) return undefined
    const zone = iso[8]
    if (!zone || zone.toUpperCase() === 'Z') return local
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))
    return validDate(local.getTime() - sign * minutes * 60_000)
  }
  const legacy = dayFirst.exec(value)
  if (legacy) {
    return utcDate({
      year: Number(legacy[3]),
      month: Number(legacy[2]),
      day: Number(legacy[1]),
      hours: Number(legacy[4]),
      minutes: Number(legacy[5]),
      seconds: Number(legacy[6]),
      ms: Number((legacy[7] ?? '').padEnd(3, '0')),
    })
  }
  if (rfc1123.test(value)) return validDate(Date.parse(value))
  return undefined
}

/** A date and time as written, its month from 1; the time of day 00:00:00.000 unless given. */
interface DateParts {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hours?: number
  readonly minutes?: number
  readonly seconds?: number
  readonly ms?: number
}

function utcDate(parts: DateParts): Date | undefined {
  const { year, month, day, hours = 0, minutes = 0, seconds = 0, ms = 0 } = parts
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 59)
    return undefined
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, ms))
  // Date.UTC reads years 0 to 99 as 1900 to 1999; DateTime.MinValue is the year 1.
  if (year < 100) date.setUTCFullYear(year)
  // Date.UTC rolls 31 February over into March; the real parser refuses it.
  if (date.getUTCDate() !== day) return undefined
  return validDate(date.getTime())
}

function validDate(ms: number): Date | undefined {
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** `/Date(ms)/`, or `/Date(ms+0000)/` with `AppendUtcOffset`: the mock's dates are all UTC. */
export function formatWcfDate(date: Date, appendUtcOffset = false): string {
  return `/Date(${date.getTime()}${appendUtcOffset ? '+0000' : ''})/`
}
