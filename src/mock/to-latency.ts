import { parseLatency, type Latency } from '../control/index.ts'

/** A latency as the options take it: ms, `'100-600'`, `{ min, max }`, or null for none. */
export type LatencyOption = number | string | Latency | null

/** The body of `PUT /__mock/latency` as a latency: null for none, undefined when unreadable. */
export function toLatency(body: unknown): Latency | null | undefined {
  if (body === null) return null
  if (typeof body !== 'object' || Array.isArray(body)) return undefined
  const { ms, min, max } = body as Record<string, unknown>
  if (typeof ms === 'number') return parseLatency(String(ms))
  if (typeof min === 'number' && typeof max === 'number') return parseLatency(`${min}-${max}`)
  return undefined
}

/** A latency option as a latency; undefined when it is neither ms nor `'min-max'`. */
export function latencyOf(value: LatencyOption): Latency | null | undefined {
  if (value === null) return null
  if (typeof value === 'object') return value
  return parseLatency(String(value)) ?? undefined
}
