import type { DtoDef, FieldType } from '../../model/index.ts'
import { formats, isPathExtension } from './format.ts'
import { roundTripUtc } from './date-handlers.ts'

// The page a browser shows when someone opens an endpoint: the DTO as nested tables, links to
// the same URL in every other format, every text escaped, no scripts and no external assets.

const style =
  'body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}h1{font-size:1.4rem}' +
  'table{border-collapse:collapse;margin:.2rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;' +
  'text-align:left;vertical-align:top}th{background:#f4f4f4}.null{color:#999}nav a{margin-right:.6rem}'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  )
}

export function writeHtml(def: DtoDef, value: object, url: URL, operationName: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(operationName)}</title>` +
    `<style>${style}</style></head><body><h1>${escapeHtml(operationName)}</h1>` +
    `<nav>View this as: ${formatLinks(url)}</nav>` +
    objectTable(def, value as Record<string, unknown>) +
    '</body></html>'
  )
}

/** Every format but this page's own, in the registry's order. */
const linkFormats = formats.filter((format) => format !== 'html')

/** The same path and query in every other format, by `?format=` (the extension removed). */
function formatLinks(url: URL): string {
  // Empty segments collapsed: `//RestApi/...` as a link would name a host called `restapi`.
  let path = url.pathname.replace(/\/{2,}/g, '/')
  const dot = path.lastIndexOf('.')
  if (dot >= 0 && isPathExtension(path.slice(dot + 1))) path = path.slice(0, dot)
  return linkFormats
    .map((format) => {
      const query = new URLSearchParams(url.search)
      query.set('format', format)
      return `<a href="${escapeHtml(`${path}?${query}`)}">${format}</a>`
    })
    .join('')
}

function objectTable(def: DtoDef, value: Record<string, unknown>): string {
  let rows = ''
  for (const entry of def.entries) {
    rows += `<tr><th>${escapeHtml(entry.name)}</th><td>${cell(entry.spec.type, value[entry.name])}</td></tr>`
  }
  return `<table><tbody>${rows}</tbody></table>`
}

function listTable(type: FieldType, items: unknown[]): string {
  if (type.kind !== 'object') {
    return `<table><tbody>${items.map((item) => `<tr><td>${cell(type, item)}</td></tr>`).join('')}</tbody></table>`
  }
  const def = type.dto()
  const head = def.entries.map((entry) => `<th>${escapeHtml(entry.name)}</th>`).join('')
  const body = items
    .map((item) => {
      if (item === null || item === undefined)
        return `<tr><td colspan="${def.entries.length}">${cell(type, item)}</td></tr>`
      const record = item as Record<string, unknown>
      return `<tr>${def.entries.map((entry) => `<td>${cell(entry.spec.type, record[entry.name])}</td>`).join('')}</tr>`
    })
    .join('')
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

function cell(type: FieldType, value: unknown): string {
  if (value === null || value === undefined) return '<span class="null">null</span>'
  switch (type.kind) {
    case 'object':
      return objectTable(type.dto(), value as Record<string, unknown>)
    case 'list': {
      const items = value as unknown[]
      return items.length === 0 ? '<span class="null">(empty)</span>' : listTable(type.item, items)
    }
    case 'date': {
      const iso = roundTripUtc(value as Date)
      return `<time datetime="${iso}">${iso}</time>`
    }
    case 'bool':
      return value ? 'true' : 'false'
    case 'any':
      return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))
    default:
      return escapeHtml(String(value))
  }
}
