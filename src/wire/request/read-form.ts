// The less common parts of reading a request (request/read-request.ts): a form body, and the
// 400 for values that do not bind.
import type { DtoDef } from '../../model/index.ts'
import { ServiceError } from '../answer/service-error.ts'
import type { RequestContext } from '../request-context.ts'
import { DecodeError } from './decode-error.ts'
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
