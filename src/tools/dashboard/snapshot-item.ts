import type { SnapshotSummary } from '../../control/index.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The state panel's snapshot line, handed to createStatePanel as a part. */
export interface StateParts {
  readonly snapshotItem: typeof snapshotItem
}

/** What a snapshot's buttons work with. */
export interface SnapshotContext {
  readonly dom: Dom
  readonly call: Call
  readonly act: Act
}

/** A saved snapshot: its name, seed and time, with restore and delete buttons. */
export function snapshotItem(context: SnapshotContext, snapshot: SnapshotSummary): HTMLElement {
  const { dom, call, act } = context
  const { h } = dom
  const isoText = (iso: string): string => iso.slice(0, 19).replace('T', ' ') + ' UTC'
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
