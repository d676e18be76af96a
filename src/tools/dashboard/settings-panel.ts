import type { FaultRule } from '../../control/index.ts'
import type { SettingsDocument } from '../../control/index.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { JournalView } from './journal-view.ts'
import type { SettingsParts } from './settings-form.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module; its
// texts and form readers (settings-form.ts) come in as `parts`.

/** What a panel of the state shown works with: its calls are scoped to that state. */
export interface PanelContext {
  readonly dom: Dom
  readonly call: Call
  readonly act: Act
  readonly journal: JournalView
}

export interface SettingsPanel {
  render(settings: SettingsDocument): void
}

/** The settings panel: seed, format, latency (set and cleared here) and the fault rules. */
export function createSettingsPanel(context: PanelContext, parts: SettingsParts): SettingsPanel {
  const { dom, call, act, journal } = context
  const { byId, h, fill, say, onSubmit } = dom

  function faultItem(rule: FaultRule): HTMLElement {
    const remove = (): Promise<void> =>
      act('Removed fault rule #' + rule.id, () => call('DELETE', '/__mock/faults/' + rule.id))
    return h(
      'li',
      { 'data-testid': 'fault' },
      h('span', { class: 'grow mono' }, parts.faultText(rule)),
      h('button', { type: 'button', class: 'danger', onclick: remove }, 'Remove'),
    )
  }

  function render(settings: SettingsDocument): void {
    byId('seed').textContent = String(settings.seed)
    byId('default-format').textContent = settings.defaultFormat
    byId('strict').textContent = settings.strict ? 'on' : 'off'
    byId('journal-capacity').textContent = settings.journalCapacity + ' requests'
    byId('latency').textContent = parts.latencyText(settings.latency)
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
    const rule = parts.faultInput(dom)
    if (typeof rule === 'string') {
      say('Failed to add the fault rule: ' + rule, true)
      return
    }
    void act(
      (answer) => 'Added fault rule ' + parts.faultText(answer.data),
      () => call<FaultRule>('POST', '/__mock/faults', rule),
    )
  })

  byId('fault-kind').addEventListener('change', () => {
    const kind = byId<HTMLSelectElement>('fault-kind').value
    const value = byId<HTMLInputElement>('fault-value')
    value.disabled = kind === 'network'
    value.placeholder = kind === 'delay' ? 'ms' : kind === 'status' ? '503' : ''
  })

  onSubmit('latency-form', () => {
    const body = parts.latencyInput(dom)
    if (!body) {
      say('Failed to set the latency: type ms (200) or a range (100-600)', true)
      return
    }
    void act(
      (answer) => 'Latency ' + parts.latencyText(answer.data.latency),
      () => call<SettingsDocument>('PUT', '/__mock/latency', body),
    )
  })

  return { render }
}
