import type { DtoDef } from '../../model/index.ts'
import { bindDto } from './bind-dto.ts'
import { DecodeError } from './decode-error.ts'
import { formatOfContentType, isFormContentType } from '../formats/format.ts'
import { fitList } from './list-limit.ts'
import { isLooseObject } from './loose.ts'
import { largeText, nextTurn, parseBody } from './parse-body.ts'
import type { RequestContext } from '../request-context.ts'
import { ServiceError } from '../answer/service-error.ts'
import type { FieldIssue } from './bind-dto.ts'
import { readJsv } from '../formats/jsv-read.ts'
import { formJsonWarning } from './body-hints.ts'
import type { LooseObject } from './loose.ts'

/** The longest strict-mode message made of warnings, in characters. */
const strictMessageLimit = 4096

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
      for (const issue of bodyIssues.issues) {
        ctx.warnings.add(
          issue.stored === undefined
            ? `${issue.path}: '${issue.value}' is not a valid ${issue.expected}; the value was dropped`
            : `${issue.path}: '${issue.value}' is not a string; the real server stores it as the text '${issue.stored}'`,
        )
      }
      ctx.warnings.addUnwritten(bodyIssues.more)
    }
    // Strict mode: an ignored body is refused too, not only a dropped value.
    if (ctx.config.strict && ctx.warnings.count > 0) {
      const { list, count } = ctx.warnings
      const message = fitList(list, count, strictMessageLimit).join('; ')
      return new ServiceError(400, 'SerializationException', message, { beforeService: true })
    }
    return fields
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error
    return new ServiceError(error.status, error.errorCode, error.message, {
      beforeService: true,
      errors: error.errors,
    })
  }
}

/**
 * `SerializationException: Unable to bind to request 'X'`, one `Errors[]` entry per field, up
 * to the list limit (the error body ends a longer list with how many more there were).
 */
function bindingError(def: DtoDef, { issues, more }: Issues): ServiceError {
  return new ServiceError(
    400,
    'SerializationException',
    `Unable to bind to request '${def.name}'`,
    {
      beforeService: true,
      errorsLeftOut: more,
      errors: issues.map((issue) => ({
        ErrorCode: 'SerializationException',
        FieldName: issue.path,
        Message: `'${issue.value}' is an Invalid value for '${issue.field}'`,
      })),
    },
  )
}

/** The route's path variables as the query's overrides read them; null when it has none. */
function pathVariables(params: Readonly<Record<string, string>>): URLSearchParams | null {
  const entries = Object.entries(params)
  return entries.length === 0 ? null : new URLSearchParams(entries)
}

async function readForm(ctx: RequestContext): Promise<URLSearchParams | FormData> {
  const contentType = ctx.contentType ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return new URLSearchParams(await ctx.body.text())
  }
  // Read under the limit first: `formData()` alone would buffer a body of any size.
  const bytes = await ctx.body.bytes()
  try {
    return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData()
  } catch (error) {
    throw new DecodeError(
      `Failed to read request: malformed multipart body: ${(error as Error).message}`,
    )
  }
}

/** Issues found while binding: at most the binder's cap, plus how many more there were. */
export interface Issues {
  readonly issues: FieldIssue[]
  more: number
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
