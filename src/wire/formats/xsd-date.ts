import { isoDateOnly } from './date-handlers.ts'

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
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
