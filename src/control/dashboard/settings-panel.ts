import type { FaultRule } from '../fault-rules.ts'
import type { Latency } from '../prefer.ts'
import type { SettingsDocument } from '../control-documents.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { JournalView } from './journal-view.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface SettingsPanel {
  render(settings: SettingsDocument): void
}

/** The settings panel: seed, format, latency (set and cleared here) and the fault rules. */
export function createSettingsPanel(
  dom: Dom,
  call: Call,
  act: Act,
  journal: JournalView,
): SettingsPanel {
  const { byId, h, fill, say, onSubmit } = dom

  function latencyText(latency: Latency | null): string {
    if (!latency) return 'none'
    return latency.min === latency.max
      ? latency.min + ' ms'
      : latency.min + '–' + latency.max + ' ms'
  }

  function faultText(rule: FaultRule): string {
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

  function faultItem(rule: FaultRule): HTMLElement {
    const remove = (): Promise<void> =>
      act('Removed fault rule #' + rule.id, () => call('DELETE', '/__mock/faults/' + rule.id))
    return h(
      'li',
      { 'data-testid': 'fault' },
      h('span', { class: 'grow mono' }, faultText(rule)),
      h('button', { type: 'button', class: 'danger', onclick: remove }, 'Remove'),
    )
  }

  function render(settings: SettingsDocument): void {
    byId('seed').textContent = String(settings.seed)
    byId('default-format').textContent = settings.defaultFormat
    byId('strict').textContent = settings.strict ? 'on' : 'off'
    byId('journal-capacity').textContent = settings.journalCapacity + ' requests'
    byId('latency').textContent = latencyText(settings.latency)
    const rules = settings.faults
    byId<HTMLButtonElement>('clear-faults').disabled = rules.length === 0
    fill(
      byId('faults'),
      rules.length === 0 ? [h('li', { class: 'muted' }, 'No fault rules.')] : rules.map(faultItem),
    )
    journal.setBasePath(settings.basePath)
  }

  byId('clear-faults').addEventListener('click', () =>
    act('Cleared the fault rules', () => call('DELETE', '/__mock/faults')),
  )
  byId('latency-none').addEventListener('click', () =>
    act('Latency off', () => call('PUT', '/__mock/latency', null)),
  )
  onSubmit('fault-form', () => {
    const rule = faultInput()
    if (typeof rule === 'string') {
      say('Failed to add the fault rule: ' + rule, true)
      return
    }
    void act(
      (answer) => 'Added fault rule ' + faultText(answer.data),
      () => call<FaultRule>('POST', '/__mock/faults', rule),
    )
  })

  byId('fault-kind').addEventListener('change', () => {
    const kind = byId<HTMLSelectElement>('fault-kind').value
    const value = byId<HTMLInputElement>('fault-value')
    value.disabled = kind === 'network'
    value.placeholder = kind === 'delay' ? 'ms' : kind === 'status' ? '503' : ''
  })

  // What the form says, as POST /__mock/faults takes it; the mock checks the rest.
  function faultInput(): Record<string, unknown> | string {
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

  onSubmit('latency-form', () => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(
      byId<HTMLInputElement>('latency-input').value,
    )
    if (!match) {
      say('Failed to set the latency: type ms (200) or a range (100-600)', true)
      return
    }
    const body =
      match[2] === undefined
        ? { ms: Number(match[1]) }
        : { min: Number(match[1]), max: Number(match[2]) }
    void act(
      (answer) => 'Latency ' + latencyText(answer.data.latency),
      () => call<SettingsDocument>('PUT', '/__mock/latency', body),
    )
  })

  return { render }
}
