import type { SessionsDocument } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface ViewPicker {
  /** A control path of a state (`/__mock/state?limit=200`), for the state shown. */
  scoped(path: string): string
  /** The sessions to choose from; a chosen one that is gone goes back to the shared state. */
  render(listing: SessionsDocument): void
}

/**
 * "Showing": which state the counts, tables, settings, snapshots and journal show and change,
 * the shared one or a session's. `changed` is told when the choice changes.
 */
export function createViewPicker(dom: Dom, changed: () => void): ViewPicker {
  const { byId, h, fill } = dom
  const select = byId<HTMLSelectElement>('view')
  let chosen = ''

  function scoped(path: string): string {
    if (chosen === '') return path
    return path + (path.includes('?') ? '&' : '?') + '__session=' + encodeURIComponent(chosen)
  }

  function label(): void {
    const text = chosen === '' ? '' : '(session ' + chosen + ')'
    byId('resources-view').textContent = text
    byId('tables-view').textContent = text
  }

  function render(listing: SessionsDocument): void {
    const ids = listing.sessions.map((session) => session.id).sort()
    const wanted = ['', ...ids]
    if (Array.from(select.options, (option) => option.value).join('\n') !== wanted.join('\n')) {
      fill(
        select,
        wanted.map((id) =>
          h('option', { value: id }, id === '' ? 'the shared state' : 'session ' + id),
        ),
      )
    }
    if (chosen !== '' && !ids.includes(chosen)) {
      chosen = ''
      label()
      changed()
    }
    select.value = chosen
  }

  select.addEventListener('change', () => {
    chosen = select.value
    label()
    changed()
  })

  return { scoped, render }
}
