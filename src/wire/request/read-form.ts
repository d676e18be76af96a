// The less common parts of reading a request (request/read-request.ts): a form body, a CSV body
// in object notation, the warnings and the 400s for values that do not bind.
import type { DtoDef } from '../../model/index.ts'
import { ServiceError } from '../answer/service-error.ts'
import type { RequestContext } from '../request-context.ts'
import { DecodeError } from './decode-error.ts'
import { readJson } from '../formats/json.ts'
import { readJsv } from '../formats/jsv-read.ts'
import type { Loose } from './loose.ts'
import { fitList } from './list-limit.ts'
import type { FieldIssue } from './bind-dto.ts'

/**
 * `SerializationException: Unable to bind to request 'X'`, one `Errors[]` entry per field, up
 * to the list limit (the error body ends a longer list with how many more there were).
 */
export function bindingError(def: DtoDef, { issues, more }: Issues): ServiceError {
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

export async function readForm(ctx: RequestContext): Promise<URLSearchParams | FormData> {
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

/** decisions.md: such a body is read as an object, in JSON notation or, failing that, JSV. */
export function readObjectNotation(text: string, def: DtoDef, ctx: RequestContext): Loose {
  try {
    return readJson(text, def.name, ctx.config.limits, (m) => ctx.warnings.add(m))
  } catch (jsonError) {
    try {
      return readJsv(text, ctx.config.limits)
    } catch {
      throw jsonError
    }
  }
}

/** The binder's issues with a body's values, as warnings: the real server drops or keeps them. */
export function warnBodyIssues(ctx: RequestContext, { issues, more }: Issues): void {
  for (const issue of issues) {
    ctx.warnings.add(
      issue.stored === undefined
        ? `${issue.path}: '${issue.value}' is not a valid ${issue.expected}; the value was dropped`
        : `${issue.path}: '${issue.value}' is not a string; the real server stores it as the text '${issue.stored}'`,
    )
  }
  ctx.warnings.addUnwritten(more)
}

/** The longest strict-mode message made of warnings, in characters. */
const strictMessageLimit = 4096

/** Strict mode's 400 for a request the mock let pass with warnings (an ignored body too). */
export function strictRefusal(ctx: RequestContext): ServiceError {
  const { list, count } = ctx.warnings
  const message = fitList(list, count, strictMessageLimit).join('; ')
  return new ServiceError(400, 'SerializationException', message, { beforeService: true })
}
