import type { RecordingSummary, SettingsDocument } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface UpstreamView {
  render(settings: SettingsDocument): void
}

/**
 * The proxy and recordings panel: where what the mock does not implement goes (`--proxy`), the
 * operations sent there too (`--passthrough`), the file the proxy records to with its entries
 * (`--record`), and each recording served (`--replay`).
 */
export function createUpstreamView(dom: Dom): UpstreamView {
  const { byId, h, fill } = dom

  function off(text: string): HTMLElement {
    return h('span', { class: 'muted' }, text)
  }

  function recording(summary: RecordingSummary, testId: string): HTMLElement {
    const entries = summary.entries + (summary.entries === 1 ? ' entry' : ' entries')
    return h(
      'span',
      { class: 'recording', 'data-testid': testId },
      h('code', { class: 'file', title: summary.file }, summary.file),
      ' ',
      h('span', { class: 'muted' }, entries),
    )
  }

  function render(settings: SettingsDocument): void {
    const upstream = settings.upstream
    fill(byId('upstream'), [
      upstream === null
        ? off('off: what the mock does not implement is a 404')
        : h('code', null, upstream),
    ])
    fill(byId('passthrough'), [
      settings.passthrough.length
        ? h('span', { class: 'mono' }, settings.passthrough.join(', '))
        : off('none'),
    ])
    fill(byId('record'), [settings.record ? recording(settings.record, 'record-file') : off('off')])
    const replays = settings.replays
    fill(
      byId('replays'),
      replays.length
        ? replays.map((replay) => h('div', null, recording(replay, 'replay-file')))
        : [off('off')],
    )
  }

  return { render }
}
