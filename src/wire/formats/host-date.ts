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
