import type { NoticesDocument } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface NoticesView {
  render(document: NoticesDocument): void
}

/** The mock's notices (a data file reloaded or refused), newest first. */
export function createNoticesView(dom: Dom): NoticesView {
  const { byId, h, fill } = dom
  return {
    render(document) {
      const items = document.notices
        .slice()
        .reverse()
        .map((notice) =>
          h(
            'li',
            { class: notice.level === 'error' ? 'error' : '', 'data-testid': 'notice' },
            h('span', { class: 'muted mono' }, notice.time.slice(11, 19) + ' '),
            notice.message,
          ),
        )
      fill(byId('notices'), items.length ? items : [h('li', { class: 'muted' }, 'None yet')])
    },
  }
}
