import { parseLatency, type Latency } from '../control/index.ts'

/** The body of `PUT /__mock/latency` as a latency: null for none, undefined when unreadable. */
export function toLatency(body: unknown): Latency | null | undefined {
  if (body === null) return null
  if (typeof body !== 'object' || Array.isArray(body)) return undefined
  const { ms, min, max } = body as Record<string, unknown>
  if (typeof ms === 'number') return parseLatency(String(ms))
  if (typeof min === 'number' && typeof max === 'number') return parseLatency(`${min}-${max}`)
  return undefined
}
