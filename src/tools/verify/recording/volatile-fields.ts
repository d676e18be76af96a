/**
 * What verify leaves out of every comparison, besides the names given with `--ignore`. Body
 * values are never compared (only their shape and written form), so a server time, a
 * generated id or a date is no difference by its value. Left out whole:
 *
 * - `StackTrace` and `Meta` of `ResponseStatus`: ServiceStack writes them only when the host
 *   runs in debug mode (SS5 v5.10 `DtoUtils.CreateResponseStatus` l.18–73: the request and the
 *   exception's text, and `Meta.InnerMessages`); Sitefinity's release build does not.
 */
export const volatileFields: readonly string[] = [
  'ResponseStatus.StackTrace',
  'ResponseStatus.Meta',
]
