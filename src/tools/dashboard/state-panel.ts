import type { ResetDocument, SnapshotsDocument } from '../../control/index.ts'
import type { PanelContext } from './settings-panel.ts'
import type { StateParts } from './snapshot-item.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module; a
// snapshot's line (snapshot-item.ts) comes in as `parts`.

export interface StatePanel {
  renderSnapshots(saved: SnapshotsDocument): void
}

/** The state panel: reset (with a seed or not), clear the journal, and the named snapshots. */
export function createStatePanel(context: PanelContext, parts: StateParts): StatePanel {
  const { dom, call, act, journal } = context
  const { byId, h, fill, say, onSubmit } = dom
  const resetText = (answer: { data: ResetDocument }): string => 'Reset to seed ' + answer.data.seed

  function renderSnapshots(saved: SnapshotsDocument): void {
    const list = saved.snapshots
    fill(
      byId('snapshots'),
      list.length === 0
        ? [h('li', { class: 'muted' }, 'No snapshots yet.')]
        : list.map((snapshot) => parts.snapshotItem(context, snapshot)),
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
