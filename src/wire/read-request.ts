import type { DtoDef } from '../model/index.ts'
import { bindDto, type FieldIssue } from './bind-dto.ts'
import type { ReadContext } from './codecs.ts'
import { DecodeError } from './decode-error.ts'
import { errorResponse } from './errors.ts'
import { formatOfContentType, isFormContentType, type Format } from './format.ts'
import { readJson } from './formats/json.ts'
import { readJsv } from './formats/jsv-read.ts'
import type { Limits } from './limits.ts'
import { fitList } from './list-limit.ts'
import { isLooseObject, type Loose, type LooseObject } from './loose.ts'
import { readBodyBytes, readBodyText } from './read-body.ts'
import { readerOf, type Reader } from './reader-of.ts'
import type { RequestContext } from './request-context.ts'

export type ReadResult =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly response: Response }

const noIssues: readonly FieldIssue[] = []

/** The longest strict-mode message made of warnings, in characters. */
const strictMessageLimit = 4096

/** Issues found while reading: at most the binder's cap, plus how many more there were. */
interface Issues {
  readonly issues: readonly FieldIssue[]
  readonly more: number
}

/** Query names that steer the mock or the format, never DTO fields. */
const reservedQueryNames = new Set(['format', 'callback', 'jsconfig', 'debug'])

/**
 * Reads a request DTO as the real server does (servicestack-wire.md section 3.1): the body by
 * its Content-Type alone, then the query string, then form fields, each overriding the last.
 * Returns only the fields the client set, so updates can merge; refusals come back as the
 * ServiceStack error response to send.
 */
export async function readRequest(ctx: RequestContext, def: DtoDef): Promise<ReadResult> {
  try {
    const { request, contentType } = ctx
    let fields: Record<string, unknown> = {}
    let issues: readonly FieldIssue[] = noIssues
    let moreIssues = 0
    let form: URLSearchParams | FormData | null = null

    if (isFormContentType(contentType) && ctx.bodyFormat === null) {
      form = await readForm(request, contentType ?? '', ctx)
    } else {
      const limit = ctx.config.limits.bodyBytes
      const text = await readBodyText(request, limit, ctx.header('content-length'))
      ctx.trace.requestBody = text === '' ? null : text
      if (text.trim() !== '') {
        const format = ctx.bodyFormat ?? formatOfContentType(contentType)
        // JSON and JSV read at once; a CSV or XML body waits for its reader's module to load.
        const reader = format === undefined ? undefined : readerOf(format)
        const read = reader instanceof Promise ? await reader : reader
        // A large body is read in two turns of the event loop, so the small requests waiting
        // meanwhile are answered between the parse and the binding, not after both.
        if (text.length > largeText) await nextTurn()
        const tree = parseBody(text, format, read, def, ctx)
        if (text.length > largeText) await nextTurn()
        if (tree !== undefined) {
          if (!isLooseObject(tree))
            throw new DecodeError(
              `Failed to read request: expected an object of type '${def.name}'`,
            )
          // The body comes first: its fields are the DTO so far, the query's are laid over them.
          const bound = bindDto(def, tree, ctx.now)
          fields = bound.value
          issues = bound.issues
          moreIssues = bound.moreIssues ?? 0
        } else if (ctx.bodyFormat !== null) {
          ctx.warn(`the ${ctx.bodyFormat} route reads no request body: the body was ignored`)
        } else if (contentType === null) {
          ctx.warn('the request has a body but no Content-Type: the body was ignored')
        } else {
          ctx.warn(`Content-Type '${contentType}' has no reader: the body was ignored`)
        }
      }
    }

    // Pre-defined routes do not merge the query string (servicestack-wire.md section 1.7).
    // Unlike a body, a query or form value that does not bind is a 400 on the real server.
    if (ctx.bodyFormat === null) {
      const unbound = { issues: [] as FieldIssue[], more: 0 }
      if (ctx.query.size > 0) overrideFrom(ctx.query, def, ctx, fields, unbound)
      if (form) overrideFrom(form, def, ctx, fields, unbound)
      if (unbound.issues.length > 0) {
        return { ok: false, response: bindingError(ctx, def, unbound) }
      }
    }

    if (issues.length > 0) {
      if (ctx.config.strict) {
        return { ok: false, response: bindingError(ctx, def, { issues, more: moreIssues }) }
      }
      for (const issue of issues) {
        ctx.warn(
          `${issue.path}: '${issue.value}' is not a valid ${issue.expected}; the value was dropped`,
        )
      }
      ctx.warnMore(moreIssues)
    }
    // Strict mode: an ignored body is refused too, not only a dropped value.
    if (ctx.config.strict && ctx.warnings.length > 0) {
      return {
        ok: false,
        response: errorResponse(ctx, {
          status: 400,
          errorCode: 'SerializationException',
          message: fitList(ctx.warnings, ctx.warningCount, strictMessageLimit).join('; '),
          beforeService: true,
        }),
      }
    }
    return { ok: true, value: fields }
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error
    return {
      ok: false,
      response: errorResponse(ctx, {
        status: error.status,
        errorCode: error.errorCode,
        message: error.message,
        beforeService: true,
      }),
    }
  }
}

/**
 * `SerializationException: Unable to bind to request 'X'`, one `Errors[]` entry per field, up
 * to the list limit (`errorResponse` ends a longer list with how many more there were).
 */
function bindingError(ctx: RequestContext, def: DtoDef, { issues, more }: Issues): Response {
  return errorResponse(ctx, {
    status: 400,
    errorCode: 'SerializationException',
    message: `Unable to bind to request '${def.name}'`,
    beforeService: true,
    errorsLeftOut: more,
    errors: issues.map((issue) => ({
      ErrorCode: 'SerializationException',
      FieldName: issue.path,
      Message: `'${issue.value}' is an Invalid value for '${issue.field}'`,
    })),
  })
}

function parseBody(
  text: string,
  format: Format | undefined,
  read: Reader | undefined,
  def: DtoDef,
  ctx: RequestContext,
): Loose | undefined {
  if (format === 'csv' && text.trimStart().startsWith('{')) {
    // The spec's samples send JSON object notation as text/csv: a ServiceStack metadata-page
    // artefact (servicestack-wire.md section 3.4). decisions.md: read it as an object, in JSON
    // notation or, failing that, JSV notation.
    try {
      return readJson(text, def.name, ctx.config.limits)
    } catch (jsonError) {
      try {
        return readJsv(text, ctx.config.limits)
      } catch {
        throw jsonError
      }
    }
  }
  return read ? read(text, def, new ReadContextOf(ctx)) : undefined
}

/** A class, as `WriteContextOf`: one small object per request and no closure for `warn`. */
class ReadContextOf implements ReadContext {
  readonly #ctx: RequestContext
  readonly limits: Limits
  readonly xmlNamespaces: Readonly<Record<string, string>>

  constructor(ctx: RequestContext) {
    this.#ctx = ctx
    this.limits = ctx.config.limits
    this.xmlNamespaces = ctx.config.xmlNamespaces
  }

  warn(message: string): void {
    this.#ctx.warn(message)
  }
}

async function readForm(
  request: Request,
  contentType: string,
  ctx: RequestContext,
): Promise<URLSearchParams | FormData> {
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    // Read under the limit first: `formData()` alone would buffer a body of any size.
    const bytes = await readBodyBytes(request, ctx.config.limits.bodyBytes)
    try {
      return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData()
    } catch (error) {
      throw new DecodeError(
        `Failed to read request: malformed multipart body: ${(error as Error).message}`,
      )
    }
  }
  const text = await readBodyText(
    request,
    ctx.config.limits.bodyBytes,
    ctx.header('content-length'),
  )
  ctx.trace.requestBody = text === '' ? null : text
  return new URLSearchParams(text)
}

/**
 * Query and form values override the body. Strings take the raw text; structured values are
 * JSV (`?Fields=[{Name:Title}]`), scalars are converted by the binder; empty values are skipped.
 */
function overrideFrom(
  source: URLSearchParams | FormData,
  def: DtoDef,
  ctx: RequestContext,
  fields: Record<string, unknown>,
  unbound: { issues: FieldIssue[]; more: number },
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
  const bound = bindDto(def, tree, ctx.now)
  Object.assign(fields, bound.value)
  for (const issue of bound.issues) unbound.issues.push(issue)
  unbound.more += bound.moreIssues ?? 0
}

/** Bodies longer than this are parsed and bound in separate turns of the event loop. */
const largeText = 64 * 1024

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
