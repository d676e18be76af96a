import type { DtoDef, FieldType } from '../../model/index.ts'
import { escapeHtml, formatLists, mimeTypes, type PageFormat } from '../../wire/index.ts'

// `{base}/metadata` and `{base}/{format}/metadata?op=X`: the HTML pages ServiceStack 5's
// MetadataFeature serves (Metadata/IndexOperationsControl.cs, OperationControl.cs), with the
// same parts: the operations with a link per format, then one operation's routes, its DTOs'
// fields, and a sample request and answer in that format.

export type { PageFormat } from '../../wire/index.ts'

/** The formats that have metadata pages, in ServiceStack's order (the format registry's). */
export const pageFormats: readonly PageFormat[] = formatLists.pageFormats.filter(
  (format): format is PageFormat => formatLists.pageLabels[format] !== undefined,
)

/** A metadata page's label for its format (`XML`), as the format registry names it. */
function labelOf(format: PageFormat): string {
  return formatLists.pageLabels[format] ?? format
}

export interface PageOperation {
  readonly method: string
  readonly route: string
  readonly requestDto: DtoDef
  readonly responseDto: DtoDef
  /** No response type on the real host: the page shows no answer (BaseMetadataHandler.cs l.64–70). */
  readonly returnsObject?: boolean
}

const style =
  'body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#222;max-width:70rem}' +
  'h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.6rem}table{border-collapse:collapse}' +
  'th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}th{background:#f4f4f4}' +
  'pre{background:#f7f7f7;border:1px solid #ddd;padding:.8rem;overflow:auto}a{margin-right:.5rem}'

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<style>${style}</style></head><body>${body}</body></html>`
  )
}

/** The index: every operation, with its page in each format, and the native types. */
export function metadataIndex(basePath: string, operations: readonly PageOperation[]): string {
  const rows = operations
    .map((operation) => {
      const name = escapeHtml(operation.requestDto.name)
      const links = pageFormats
        .map(
          (format) =>
            `<td><a href="${escapeHtml(basePath)}/${format}/metadata?op=${name}">${labelOf(format)}</a></td>`,
        )
        .join('')
      return `<tr><th>${name}</th>${links}</tr>`
    })
    .join('')
  return page(
    'Metadata',
    `<h1>Metadata</h1><p>The following operations are supported.</p>` +
      `<h2>Operations</h2><table id="operations">${rows}</table>` +
      `<h2>Native types</h2><ul>` +
      ['types', 'types/metadata', 'types/typescript', 'types/typescript.d']
        .map((path) => `<li><a href="${escapeHtml(basePath)}/${path}">/${path}</a></li>`)
        .join('') +
      '</ul>',
  )
}

/**
 * One operation's page in a format; `samples` are its request and answer written in it (no
 * answer for an operation whose service returns `object`).
 */
export function operationPage(
  basePath: string,
  host: string,
  format: PageFormat,
  operation: PageOperation,
  samples: { readonly request: string; readonly response: string | null },
): string {
  const name = operation.requestDto.name
  const type = mimeTypes[format]
  const routes =
    `<tr><th>${escapeHtml(operation.method)}</th><td>${escapeHtml(operation.route)}</td></tr>` +
    `<tr><th>ANY</th><td>/${format}/reply/${escapeHtml(name)}</td></tr>`
  // The operation's route below the base path, and the first two lines ending in a space, as
  // OperationControl.cs writes them (l.38–51, 116–122).
  const request = [
    `${operation.method} ${basePath}${operation.route} HTTP/1.1 `,
    `Host: ${host} `,
    `Accept: ${type}`,
    `Content-Type: ${type}`,
    `Content-Length: length`,
    '',
    samples.request,
  ].join('\n')
  const response =
    samples.response === null
      ? null
      : [
          'HTTP/1.1 200 OK',
          `Content-Type: ${type}`,
          'Content-Length: length',
          '',
          samples.response,
        ].join('\n')
  return page(
    name,
    `<p><a href="${escapeHtml(basePath)}/metadata">&lt;back to all web services</a></p>` +
      `<h1>${escapeHtml(name)}</h1>` +
      `<p>The following routes are available for this service:</p><table id="routes">${routes}</table>` +
      dtoTables(operation.requestDto, operation.route) +
      (operation.returnsObject || operation.responseDto === operation.requestDto
        ? ''
        : dtoTables(operation.responseDto, '')) +
      `<h2>HTTP + ${labelOf(format)}</h2>` +
      `<p>The following are sample HTTP requests and responses. The placeholders shown need to be ` +
      `replaced with actual values.</p>` +
      `<pre id="request-sample">${escapeHtml(request)}</pre>` +
      (response === null ? '' : `<pre id="response-sample">${escapeHtml(response)}</pre>`) +
      `<p>To override the Content-type in your clients, use the HTTP Accept Header, append the ` +
      `.${format} suffix or ?format=${format}</p>`,
  )
}

/** A DTO and the types it reaches, each as a table of its fields. */
function dtoTables(def: DtoDef, route: string): string {
  const seen = new Set<DtoDef>()
  const tables: string[] = []
  const visit = (dto: DtoDef): void => {
    if (seen.has(dto)) return
    seen.add(dto)
    const rows = dto.entries
      .map((entry) => {
        const where = route.includes(`{${entry.name}}`) ? 'path' : 'body'
        const nullable = entry.spec.nullable && valueKind(entry.spec.type) ? '?' : ''
        return (
          `<tr><td>${escapeHtml(entry.name)}</td><td>${where}</td>` +
          `<td>${escapeHtml(clrName(entry.spec.type) + nullable)}</td><td>No</td></tr>`
        )
      })
      .join('')
    tables.push(
      `<h2>${escapeHtml(dto.name)} Parameters:</h2><table class="dto" data-dto="${escapeHtml(dto.name)}">` +
        `<tr><th>Name</th><th>Parameter</th><th>Data Type</th><th>Required</th></tr>${rows}</table>`,
    )
    for (const entry of dto.entries) reached(entry.spec.type).forEach(visit)
  }
  visit(def)
  return tables.join('')
}

function reached(type: FieldType): DtoDef[] {
  if (type.kind === 'object') return [type.dto()]
  if (type.kind === 'list') return reached(type.item)
  return []
}

function valueKind(type: FieldType): boolean {
  return (
    type.kind !== 'string' && type.kind !== 'any' && type.kind !== 'object' && type.kind !== 'list'
  )
}

const clrNames: Readonly<Record<string, string>> = {
  string: 'string',
  int: 'int',
  bool: 'bool',
  decimal: 'decimal',
  date: 'DateTime',
  guid: 'Guid',
  any: 'Object',
}

function clrName(type: FieldType): string {
  if (type.kind === 'enum') return type.name
  if (type.kind === 'object') return type.dto().name
  if (type.kind === 'list') return `List<${clrName(type.item)}>`
  return clrNames[type.kind] ?? type.kind
}
