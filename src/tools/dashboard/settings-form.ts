import type { FaultRule } from '../../control/index.ts'
import type { Latency } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The settings panel's texts and form readers, handed to createSettingsPanel as parts. */
export interface SettingsParts {
  readonly latencyText: typeof latencyText
  readonly faultText: typeof faultText
  readonly faultInput: typeof faultInput
  readonly latencyInput: typeof latencyInput
}

/** A latency as the panel shows it: `none`, `200 ms` or `100–600 ms`. */
export function latencyText(latency: Latency | null): string {
  if (!latency) return 'none'
  return latency.min === latency.max ? latency.min + ' ms' : latency.min + '–' + latency.max + ' ms'
}

/** A fault rule in one line: its id, method, path, effects and limits. */
export function faultText(rule: FaultRule): string {
  const effects: string[] = []
  if (rule.status !== null) effects.push('answers ' + rule.status)
  if (rule.network) effects.push('drops the connection')
  if (rule.delay !== null) effects.push('waits ' + rule.delay + ' ms')
  const limits: string[] = []
  if (rule.probability < 1) limits.push(Math.round(rule.probability * 100) + '% of requests')
  if (rule.remaining !== null) limits.push(rule.remaining + ' left')
  const limitText = limits.length ? ' (' + limits.join(', ') + ')' : ''
  const method = rule.method || 'any method'
  return '#' + rule.id + ' ' + method + ' ' + rule.path + ': ' + effects.join(', ') + limitText
}

/** What the fault form says, as POST /__mock/faults takes it (the mock checks the rest), or what to fix. */
export function faultInput(dom: Dom): Record<string, unknown> | string {
  const { byId } = dom
  const method = byId<HTMLSelectElement>('fault-method').value
  const path = byId<HTMLInputElement>('fault-path').value.trim() || '*'
  const kind = byId<HTMLSelectElement>('fault-kind').value
  const value = byId<HTMLInputElement>('fault-value').value.trim()
  const count = byId<HTMLInputElement>('fault-count').value.trim()
  const rule: Record<string, unknown> = { path }
  if (method) rule.method = method
  if (kind === 'network') rule.fault = 'network'
  else if (!/^\d+$/.test(value)) {
    return kind === 'status' ? 'type the status to answer (503)' : 'type the delay in ms (2000)'
  } else rule[kind === 'status' ? 'status' : 'delay'] = Number(value)
  if (count) {
    if (!/^\d+$/.test(count)) return 'type how many times as a whole number, or leave it empty'
    rule.count = Number(count)
  }
  return rule
}

/** What the latency form says, as PUT /__mock/latency takes it, or null when it is not ms or a range. */
export function latencyInput(dom: Dom): { ms: number } | { min: number; max: number } | null {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(
    dom.byId<HTMLInputElement>('latency-input').value,
  )
  if (!match) return null
  return match[2] === undefined
    ? { ms: Number(match[1]) }
    : { min: Number(match[1]), max: Number(match[2]) }
}
