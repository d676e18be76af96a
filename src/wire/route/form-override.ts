import { overrideInQuery } from '../request-record.ts'
import type { RequestBody } from '../request/request-body.ts'

/**
 * The verb a form-urlencoded request stands for when neither its header nor its query overrides
 * it (the record reads those): `X-HTTP-Method-Override` among the form's fields, as ServiceStack
 * 5 reads it last (`GetParamInRequestHeader` in RequestExtensions.cs). The body read is the one
 * the operation or a fallback reads later. Null for none.
 */
export async function formOverride(body: RequestBody): Promise<string | null> {
  try {
    const value = overrideInQuery(new URLSearchParams(await body.text()))
    return value === null || value === '' ? null : value.toUpperCase()
  } catch {
    // A body past the limit or cut off: the operation's own read reports it.
    return null
  }
}
