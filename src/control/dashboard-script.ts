// The dashboard's browser code, kept as source text so the page needs no bundler and no asset
// route: it runs as written in any browser the mock serves. It builds every node with
// createElement and text nodes; data never passes through an HTML parser.
// Root-relative URLs (`/__mock/...`) reach the mock in the Node server and behind msw alike.

/** The inline script of `dashboardHtml`: plain JS, no `${` and no backticks inside. */
export const dashboardScript = String.raw`
'use strict'
;(() => {
  const pollMs = 1500
  const journalLimit = 50
  // More rows than this make a table useless to read and slow to redraw every poll.
  const rowLimit = 200
  const $ = (id) => document.getElementById(id)
  const lastText = {}
  const expanded = new Set()
  let lastJournal = { capacity: 0, entries: [] }
  let basePath = ''
  // Bumped by every action: a poll that started before it must not draw stale state after it.
  let epoch = 0

  function h(tag, props, ...children) {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue
      if (key === 'class') node.className = value
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value)
      else node.setAttribute(key, String(value))
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue
      node.append(child instanceof Node ? child : String(child))
    }
    return node
  }

  function fill(parent, nodes) {
    const fragment = document.createDocumentFragment()
    for (const node of nodes) fragment.appendChild(node)
    parent.replaceChildren(fragment)
  }

  function show(value) {
    if (value === null || value === undefined || value === '') return h('span', { class: 'muted' }, '—')
    return String(value)
  }

  // The wire form is /Date(ms)/ or /Date(ms+hhmm)/: the ms are the instant either way.
  function wcfDate(value) {
    const match = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(String(value))
    if (!match) return value
    const date = new Date(Number(match[1]))
    if (isNaN(date.getTime())) return value
    return date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC'
  }

  const collections = [
    { name: 'ABTests', title: 'A/B tests', columns: [
      ['Id', (x) => x.Id, 'mono'], ['Title', (x) => x.Title], ['Status', (x) => x.Status],
      ['Owner', (x) => x.Owner], ['LastModified', (x) => wcfDate(x.LastModified), 'nowrap'],
    ] },
    { name: 'Services', title: 'Services', columns: [
      ['Route', (x) => x.Route, 'mono'], ['Name', (x) => x.Name], ['Enabled', (x) => x.Enabled],
      ['Protocol', (x) => x.Protocol],
    ] },
    { name: 'Containers', title: 'Containers', columns: [
      ['PageId', (x) => x.PageId, 'mono'], ['PageTitle', (x) => x.PageTitle],
      ['Containers', (x) => (Array.isArray(x.ContainersInfo) ? x.ContainersInfo.length : 0), 'num'],
    ] },
    { name: 'Comments', title: 'Comments', columns: [
      ['Key', (x) => x.Key, 'mono'], ['Name', (x) => x.Name], ['Status', (x) => x.Status],
      ['Rating', (x) => x.Rating, 'num'], ['DateCreated', (x) => wcfDate(x.DateCreated), 'nowrap'],
    ] },
  ]

  function say(text, isError) {
    $('message').textContent = text
    $('message').className = isError ? 'error' : 'ok'
  }

  async function call(method, path, body) {
    const init = { method, headers: { Accept: 'application/json' } }
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
    let response
    try {
      response = await fetch(path, init)
    } catch (error) {
      throw new Error('Failed to reach the mock: ' + error.message)
    }
    const text = await response.text()
    let data = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (!response.ok) {
      const status = data && data.ResponseStatus
      throw new Error((status && status.Message) || method + ' ' + path + ': ' + response.status)
    }
    return { text, data }
  }

  function buildCollections() {
    fill($('counts'), collections.map((c) =>
      h('a', { class: 'count', href: '#table-' + c.name },
        h('span', { class: 'count-value', id: 'count-' + c.name, 'data-testid': 'count-' + c.name }, '…'),
        h('span', { class: 'count-label' }, c.title))))
    fill($('tables'), collections.map((c) =>
      h('div', { id: 'table-' + c.name },
        h('h3', {}, c.title, ' ', h('span', { class: 'muted', id: 'rows-' + c.name })),
        h('div', { class: 'scroll' },
          h('table', { 'data-testid': 'table-' + c.name },
            h('thead', {}, h('tr', {}, c.columns.map(([label, , cls]) => h('th', { class: cls === 'num' ? 'num' : undefined }, label)))),
            h('tbody', { id: 'body-' + c.name }))))))
  }

  // The state comes a page at a time (rowLimit rows of each collection) with every count, so a
  // large state is never shipped whole on each poll.
  function renderState(state) {
    const counts = state.Counts || {}
    for (const c of collections) {
      const list = Array.isArray(state[c.name]) ? state[c.name] : []
      const total = typeof counts[c.name] === 'number' ? counts[c.name] : list.length
      $('count-' + c.name).textContent = String(total)
      $('rows-' + c.name).textContent = total > list.length
        ? '(first ' + list.length + ' of ' + total + ')'
        : '(' + total + (total === 1 ? ' row)' : ' rows)')
      const rows = list.map((item) =>
        h('tr', {}, c.columns.map(([, read, cls]) => h('td', { class: cls }, show(read(item))))))
      if (rows.length === 0) rows.push(h('tr', {}, h('td', { colspan: c.columns.length, class: 'muted' }, 'None')))
      fill($('body-' + c.name), rows)
    }
  }

  function latencyText(latency) {
    if (!latency) return 'none'
    return latency.min === latency.max ? latency.min + ' ms' : latency.min + '–' + latency.max + ' ms'
  }

  function faultText(rule) {
    const effects = []
    if (rule.status !== null) effects.push('answers ' + rule.status)
    if (rule.network) effects.push('drops the connection')
    if (rule.delay !== null) effects.push('waits ' + rule.delay + ' ms')
    const limits = []
    if (rule.probability < 1) limits.push(Math.round(rule.probability * 100) + '% of requests')
    if (rule.remaining !== null) limits.push(rule.remaining + ' left')
    return '#' + rule.id + ' ' + (rule.method || 'any method') + ' ' + rule.path + ': ' +
      effects.join(', ') + (limits.length ? ' (' + limits.join(', ') + ')' : '')
  }

  function renderSettings(settings) {
    basePath = settings.basePath
    $('seed').textContent = String(settings.seed)
    $('default-format').textContent = settings.defaultFormat
    $('strict').textContent = settings.strict ? 'on' : 'off'
    $('journal-capacity').textContent = settings.journalCapacity + ' requests'
    $('latency').textContent = latencyText(settings.latency)
    const rules = settings.faults
    $('clear-faults').disabled = rules.length === 0
    fill($('faults'), rules.length === 0
      ? [h('li', { class: 'muted' }, 'No fault rules.')]
      : rules.map((rule) => h('li', { 'data-testid': 'fault' },
          h('span', { class: 'grow mono' }, faultText(rule)),
          h('button', { type: 'button', class: 'danger', onclick: () =>
            act('Removed fault rule #' + rule.id, () => call('DELETE', '/__mock/faults/' + rule.id)) }, 'Remove'))))
    renderJournal(lastJournal)
  }

  function renderSnapshots(data) {
    const list = data.snapshots
    fill($('snapshots'), list.length === 0
      ? [h('li', { class: 'muted' }, 'No snapshots yet.')]
      : list.map((s) => {
          const path = '/__mock/snapshots/' + encodeURIComponent(s.name)
          return h('li', { 'data-testid': 'snapshot', 'data-name': s.name },
            h('span', { class: 'grow' }, h('strong', {}, s.name), ' ',
              h('span', { class: 'muted' }, 'seed ' + s.seed + ', saved ' + isoText(s.savedAt))),
            h('button', { type: 'button', 'data-testid': 'restore', onclick: () =>
              act('Restored snapshot ' + s.name, () => call('PUT', path)) }, 'Restore'),
            h('button', { type: 'button', class: 'danger', 'data-testid': 'delete', onclick: () =>
              act('Deleted snapshot ' + s.name, () => call('DELETE', path)) }, 'Delete'))
        }))
  }

  function isoText(iso) {
    return String(iso).slice(0, 19).replace('T', ' ') + ' UTC'
  }

  function renderJournal(journal) {
    lastJournal = journal
    const entries = journal.entries.slice().reverse()
    $('journal-note').textContent = '(newest ' + entries.length + ' of the last ' + journal.capacity +
      ' kept; click a row for its bodies)'
    const rows = []
    for (const e of entries) {
      const url = new URL(e.url, location.href)
      const open = expanded.has(e.id)
      rows.push(h('tr', { class: 'entry s' + String(e.status).charAt(0), 'data-testid': 'journal-row',
          'aria-expanded': String(open), onclick: () => toggle(e.id) },
        h('td', { class: 'mono' }, String(e.time).slice(11, 23)),
        h('td', {}, e.method),
        h('td', { class: 'mono path', title: e.url }, url.pathname + url.search),
        h('td', {}, show(e.format)),
        h('td', { class: 'status' }, e.status + ' ' + e.statusText),
        h('td', { class: 'num' }, Number(e.durationMs).toFixed(1)),
        h('td', { class: 'num' }, e.delayMs ? e.delayMs : show(null)),
        h('td', {}, show(e.fault)),
        h('td', {}, e.warnings.length ? e.warnings.join('; ') : show(null))))
      if (open) {
        rows.push(h('tr', { class: 'detail' }, h('td', { colspan: 9 }, h('div', { class: 'bodies' },
          h('div', {}, h('h4', {}, 'Request body'), h('pre', {}, e.requestBody === null ? '(none)' : e.requestBody)),
          h('div', {}, h('h4', {}, 'Response body'), h('pre', {}, e.responseBody === null ? '(none)' : e.responseBody))))))
      }
    }
    if (rows.length === 0) {
      rows.push(h('tr', {}, h('td', { colspan: 9, class: 'muted' },
        'No requests yet: calls under ' + (basePath || 'the base path') + ' show up here.')))
    }
    fill($('journal'), rows)
  }

  function toggle(id) {
    if (expanded.has(id)) expanded.delete(id)
    else expanded.add(id)
    renderJournal(lastJournal)
  }

  const sources = [
    ['/__mock/settings', renderSettings],
    ['/__mock/state?limit=' + rowLimit, renderState],
    ['/__mock/journal?limit=' + journalLimit, renderJournal],
    ['/__mock/snapshots', renderSnapshots],
  ]

  async function refresh() {
    const started = epoch
    const results = await Promise.allSettled(sources.map(async ([path, render]) => {
      const { text, data } = await call('GET', path)
      // Unchanged answers are not redrawn, so a selection or a scroll position survives polling.
      if (started !== epoch || lastText[path] === text) return
      lastText[path] = text
      render(data)
    }))
    const failed = results.find((result) => result.status === 'rejected')
    $('connection').textContent = failed ? failed.reason.message : 'updated ' + new Date().toLocaleTimeString()
    $('connection').className = failed ? 'error' : 'muted'
  }

  async function act(done, request) {
    epoch++
    try {
      const result = await request()
      say(typeof done === 'function' ? done(result) : done, false)
    } catch (error) {
      say(error.message, true)
    }
    await refresh()
  }

  async function poll() {
    if ($('live').checked && !document.hidden) await refresh()
    setTimeout(poll, pollMs)
  }

  function onSubmit(id, handler) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault()
      handler()
    })
  }

  $('reset').addEventListener('click', () =>
    act((result) => 'Reset to seed ' + result.data.seed, () => call('POST', '/__mock/reset')))
  $('clear-journal').addEventListener('click', () => {
    expanded.clear()
    act('Cleared the journal', () => call('DELETE', '/__mock/journal'))
  })
  $('clear-faults').addEventListener('click', () =>
    act('Cleared the fault rules', () => call('DELETE', '/__mock/faults')))
  $('latency-none').addEventListener('click', () =>
    act('Latency off', () => call('PUT', '/__mock/latency', null)))

  onSubmit('seed-form', () => {
    const seed = $('seed-input').value.trim()
    if (!/^\d{1,10}$/.test(seed)) return say('Failed to reset: type a whole number as the seed', true)
    act((result) => 'Reset to seed ' + result.data.seed,
      () => call('POST', '/__mock/reset?seed=' + encodeURIComponent(seed)))
  })
  onSubmit('snapshot-form', () => {
    const input = $('snapshot-name')
    const name = input.value.trim() || 'snapshot ' + new Date().toISOString().slice(11, 19)
    act('Saved snapshot ' + name, async () => {
      const result = await call('POST', '/__mock/snapshots/' + encodeURIComponent(name))
      input.value = ''
      return result
    })
  })
  onSubmit('latency-form', () => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec($('latency-input').value)
    if (!match) return say('Failed to set the latency: type ms (200) or a range (100-600)', true)
    const body = match[2] === undefined ? { ms: Number(match[1]) } : { min: Number(match[1]), max: Number(match[2]) }
    act((result) => 'Latency ' + latencyText(result.data.latency), () => call('PUT', '/__mock/latency', body))
  })

  buildCollections()
  poll()
})()
`
