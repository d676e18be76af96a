import type { DtoDef } from '../../model/index.ts'
import { bindDto, isLooseObject } from './bind-dto.ts'
import { DecodeError } from './decode-error.ts'
import { formatOfContentType, isFormContentType, type Format } from '../formats/format.ts'
import { readJson } from '../formats/json.ts'
import {
  bindingError,
  readForm,
  readObjectNotation,
  strictRefusal,
  warnBodyIssues,
  type Issues,
} from './read-form.ts'
import type { RequestContext } from '../request-context.ts'
import { ServiceError } from '../answer/service-error.ts'
import { readJsv } from '../formats/jsv-read.ts'
import { formJsonWarning, ignoredBodyWarning } from './body-hints.ts'
import type { Loose, LooseObject } from './loose.ts'

/**
 * Reads a request DTO as the real server does (servicestack-wire.md section 3.1): the body by
 * its Content-Type alone, then the query string, then form fields, each overriding the last.
 * Returns only the fields the client set, so updates can merge, or the error to answer.
 */
export async function readRequest(
  ctx: RequestContext,
  def: DtoDef,
): Promise<Record<string, unknown> | ServiceError> {
  try {
    let fields: Record<string, unknown> = {}
    const bodyIssues: Issues = { issues: [], more: 0 }
    let form: URLSearchParams | FormData | null = null
    if (isFormContentType(ctx.contentType) && ctx.bodyFormat === null) {
      form = await readForm(ctx)
      const misread = form instanceof URLSearchParams && formJsonWarning(ctx, ctx.body.textRead)
      if (misread) ctx.warnings.add(misread)
    } else {
      const text = await ctx.body.text()
      const parsed = parseBody(ctx, def, text)
      const tree = parsed instanceof Promise ? await parsed : parsed
      if (tree !== undefined) {
        if (!isLooseObject(tree)) {
          throw new DecodeError(`Failed to read request: expected an object of type '${def.name}'`)
        }
        if (text.length > largeText) await nextTurn()
        // The body comes first: its fields are the DTO so far, the query's are laid over them.
        const xml = (ctx.bodyFormat ?? formatOfContentType(ctx.contentType)) === 'xml'
        const dates = { alwaysUseUtc: ctx.config.alwaysUseUtc, xml }
        const bound = bindDto(def, tree, ctx.now, '', dates)
        fields = bound.value
        bodyIssues.issues.push(...bound.issues)
        bodyIssues.more = bound.moreIssues ?? 0
      }
    }

    // Pre-defined routes have no path variables and do not merge the query string
    // (servicestack-wire.md section 1.7). Path variables, then the query, then form fields
    // override the body (section 3.1: body < path < query < form). Unlike a body, a value
    // among them that does not bind is a 400 on the real server.
    if (ctx.bodyFormat === null) {
      const unbound: Issues = { issues: [], more: 0 }
      const path = pathVariables(ctx.params)
      if (path) overrideFrom(path, def, ctx, fields, unbound)
      if (ctx.query.size > 0) overrideFrom(ctx.query, def, ctx, fields, unbound)
      if (form) overrideFrom(form, def, ctx, fields, unbound)
      if (unbound.issues.length > 0) return bindingError(def, unbound)
    }

    if (bodyIssues.issues.length > 0) {
      if (ctx.config.strict) return bindingError(def, bodyIssues)
      warnBodyIssues(ctx, bodyIssues)
    }
    // Strict mode: an ignored body is refused too, not only a dropped value.
    if (ctx.config.strict && ctx.warnings.count > 0) return strictRefusal(ctx)
    return fields
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error
    return new ServiceError(error.status, error.errorCode, error.message, {
      beforeService: true,
      errors: error.errors,
    })
  }
}

/** The route's path variables as the query's overrides read them; null when it has none. */
function pathVariables(params: Readonly<Record<string, string>>): URLSearchParams | null {
  const entries = Object.entries(params)
  return entries.length === 0 ? null : new URLSearchParams(entries)
}

/** Query names that steer the mock or the format, never DTO fields. */
const reservedQueryNames = new Set(['format', 'callback', 'jsconfig', 'debug'])

/**
 * Query and form values laid over the body's fields. Strings take the raw text; structured
 * values are JSV (`?Fields=[{Name:Title}]`), scalars are converted by the binder; empty values
 * are skipped. What does not bind is added to `unbound` (a 400 on the real server).
 */
export function overrideFrom(
  source: URLSearchParams | FormData,
  def: DtoDef,
  ctx: RequestContext,
  fields: Record<string, unknown>,
  unbound: Issues,
): void {
  const tree: LooseObject = {}
  for (const [name, raw] of source) {
    if (typeof raw !== 'string' || raw === '') continue
    const lower = name.toLowerCase()
    if (reservedQueryNames.has(lower) || lower.startsWith('__')) continue
    const entry = def.byLowerName.get(lower)
    if (!entry) continue
    const kind = entry.spec.type.kind
    tree[entry.name] =
      kind === 'list' || kind === 'object' || kind === 'any'
        ? readJsv(raw, { ...ctx.config.limits, depth: ctx.config.limits.depth - 1 })
        : raw
  }
  const bound = bindDto(def, tree, ctx.now, '', { alwaysUseUtc: ctx.config.alwaysUseUtc })
  Object.assign(fields, bound.value)
  for (const issue of bound.issues) unbound.issues.push(issue)
  unbound.more += bound.moreIssues ?? 0
}

// Parsing the body by its Content-Type.

export type Reader = (text: string, def: DtoDef, ctx: RequestContext) => Loose

/**
 * The readers of the common bodies (the registry's `reader: 'eager'` rows): small, and on the path
 * of almost every update.
 */
export const eagerReaders: Readonly<Partial<Record<Format, Reader>>> = {
  json: (text, def, ctx) => readJson(text, def.name, ctx.config.limits, (m) => ctx.warnings.add(m)),
  jsv: (text, _def, ctx) => readJsv(text, ctx.config.limits),
}

/**
 * The readers of CSV and XML bodies, which bring their parsers: they load on the first such
 * body, so a browser page that never sends one does not carry them (docs/performance.md,
 * "Browser bundle").
 */
const lazyReaders: Readonly<Partial<Record<Format, () => Promise<Reader>>>> = {
  csv: async () => (await import('../formats/csv-read.ts')).readCsvBody,
  xml: async () => (await import('../formats/xml/xml-read.ts')).readXmlBody,
}

/** The reader of a body format, or none (HTML has none). */
function readerOf(format: Format): Reader | undefined | Promise<Reader | undefined> {
  return eagerReaders[format] ?? lazyReaders[format]?.()
}

/** Bodies longer than this are parsed and bound in separate turns of the event loop. */
export const largeText = 64 * 1024

/**
 * The request body as a loose tree, read by its Content-Type alone (or a pre-defined route's
 * format), or undefined when it has none to read; an ignored body is noted as a warning. A
 * promise only where it must wait: for a CSV or XML reader's module to load, or for its own
 * turn of the event loop (a large body), so the common body costs no extra await.
 */
export function parseBody(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
): Loose | undefined | Promise<Loose | undefined> {
  if (text.trim() === '') return undefined
  const format = ctx.bodyFormat ?? formatOfContentType(ctx.contentType)
  const reader = format === undefined ? undefined : readerOf(format)
  if (reader instanceof Promise || text.length > largeText) {
    return parseLater(ctx, def, text, format, reader)
  }
  return parseWith(ctx, def, text, format, reader)
}

async function parseLater(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
  format: Format | undefined,
  reader: Reader | undefined | Promise<Reader | undefined>,
): Promise<Loose | undefined> {
  const read = await reader
  // A large body is parsed in its own turn, so the small requests waiting meanwhile are
  // answered between the parse and the binding, not after both.
  if (text.length > largeText) await nextTurn()
  return parseWith(ctx, def, text, format, read)
}

function parseWith(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
  format: Format | undefined,
  read: Reader | undefined,
): Loose | undefined {
  if (!read || format === undefined) {
    ctx.warnings.add(
      ctx.bodyFormat !== null
        ? `the ${ctx.bodyFormat} route reads no request body: the body was ignored`
        : ignoredBodyWarning(ctx, text),
    )
    return undefined
  }
  return isObjectNotationCsv(format, text)
    ? readObjectNotation(text, def, ctx)
    : read(text, def, ctx)
}

/**
 * The spec's samples send JSON object notation as text/csv: a ServiceStack metadata-page
 * artefact (servicestack-wire.md section 3.4).
 */
function isObjectNotationCsv(format: Format, text: string): boolean {
  return format === 'csv' && text.trimStart().startsWith('{')
}

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
