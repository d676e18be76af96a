import type { ResetDocument, SnapshotsDocument, SnapshotSummary } from '../control-documents.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { JournalView } from './journal-view.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface StatePanel {
  renderSnapshots(saved: SnapshotsDocument): void
}

/** The state panel: reset (with a seed or not), clear the journal, and the named snapshots. */
export function createStatePanel(dom: Dom, call: Call, act: Act, journal: JournalView): StatePanel {
  const { byId, h, fill, say, onSubmit } = dom
  const resetText = (answer: { data: ResetDocument }): string => 'Reset to seed ' + answer.data.seed

  function isoText(iso: string): string {
    return iso.slice(0, 19).replace('T', ' ') + ' UTC'
  }

  function snapshotItem(snapshot: SnapshotSummary): HTMLElement {
    const path = '/__mock/snapshots/' + encodeURIComponent(snapshot.name)
    return h(
      'li',
      { 'data-testid': 'snapshot', 'data-name': snapshot.name },
      h(
        'span',
        { class: 'grow' },
        h('strong', null, snapshot.name),
        ' ',
        h(
          'span',
          { class: 'muted' },
          'seed ' + snapshot.seed + ', saved ' + isoText(snapshot.savedAt),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          'data-testid': 'restore',
          onclick: () => act('Restored snapshot ' + snapshot.name, () => call('PUT', path)),
        },
        'Restore',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'danger',
          'data-testid': 'delete',
          onclick: () => act('Deleted snapshot ' + snapshot.name, () => call('DELETE', path)),
        },
        'Delete',
      ),
    )
  }

  function renderSnapshots(saved: SnapshotsDocument): void {
    const list = saved.snapshots
    fill(
      byId('snapshots'),
      list.length === 0
        ? [h('li', { class: 'muted' }, 'No snapshots yet.')]
        : list.map(snapshotItem),
    )
  }

  byId('reset').addEventListener('click', () =>
    act(resetText, () => call<ResetDocument>('POST', '/__mock/reset')),
  )
  byId('clear-journal').addEventListener('click', () => {
    journal.collapse()
    void act('Cleared the journal', () => call('DELETE', '/__mock/journal'))
  })
  onSubmit('seed-form', () => {
    const seed = byId<HTMLInputElement>('seed-input').value.trim()
    if (!/^\d{1,10}$/.test(seed)) {
      say('Failed to reset: type a whole number as the seed', true)
      return
    }
    void act(resetText, () =>
      call<ResetDocument>('POST', '/__mock/reset?seed=' + encodeURIComponent(seed)),
    )
  })
  onSubmit('snapshot-form', () => {
    const input = byId<HTMLInputElement>('snapshot-name')
    const name = input.value.trim() || 'snapshot ' + new Date().toISOString().slice(11, 19)
    void act('Saved snapshot ' + name, async () => {
      const answer = await call('POST', '/__mock/snapshots/' + encodeURIComponent(name))
      input.value = ''
      return answer
    })
  })

  return { renderSnapshots }
}
