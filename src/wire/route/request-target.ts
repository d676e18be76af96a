// What a request is aimed at: its path and query, and the verb it stands for.

import type { RequestBody } from '../request/request-body.ts'
import type { RequestHost, SplitUrl } from '../request-context.ts'

export type { SplitUrl }

const noQuery: URLSearchParams = new URLSearchParams()

/**
 * The path and query of an absolute request URL without building a URL object, which costs
 * more than the rest of the routing together. Paths with dot segments or backslashes go
 * through the URL parser, which normalises them as a browser would.
 */
export function splitUrl(href: string): SplitUrl {
  const pathStart = href.indexOf('/', href.indexOf('//') + 2)
  const queryStart = href.indexOf('?', pathStart)
  const hashStart = href.indexOf('#', pathStart)
  const end = hashStart < 0 ? href.length : hashStart
  const pathEnd = queryStart < 0 || queryStart > end ? end : queryStart
  const path = pathStart < 0 ? '/' : href.slice(pathStart, pathEnd)
  if (path.includes('/.') || path.includes('\\')) {
    const url = new URL(href)
    return { path: collapseSlashes(url.pathname), query: url.searchParams }
  }
  const search = pathEnd < end ? href.slice(pathEnd + 1, end) : ''
  return {
    path: collapseSlashes(path),
    query: search === '' ? noQuery : new URLSearchParams(search),
  }
}

/** Empty segments are ignored everywhere, the base path included (`//RestApi//x`). */
function collapseSlashes(path: string): string {
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path
}

// Lower-case, as every host reads a header (HeaderName): a client may send it in any case.
const overrideName = 'x-http-method-override'

/**
 * The verb a request stands for, as ServiceStack 5 reads it (`GetParamInRequestHeader` in
 * RequestExtensions.cs, which `IRequest.HttpMethod` calls): `X-HTTP-Method-Override` from the
 * header, then the query string, then the fields of a form-urlencoded body; else the request's
 * own. So a `POST` with `X-HTTP-Method-Override: PUT` reaches the PUT operations. `form` gives
 * the body to look in, the one the operation or a fallback reads later; undefined where no verb
 * could change the answer, so a form sent elsewhere is left unread.
 */
export function requestMethod(
  request: Request,
  host: RequestHost,
  query: URLSearchParams,
  form: () => RequestBody | undefined,
): string | Promise<string> {
  const given = host.header(overrideName) ?? (query.size > 0 ? queryValue(query) : null)
  if (given !== null) return chosen(request, given)
  // Most requests are not forms: no promise for them, and no extra turn of the queue.
  const contentType = host.header('content-type')
  if (contentType === null || !/^application\/x-www-form-urlencoded/i.test(contentType))
    return request.method
  const body = form()
  if (body === undefined) return request.method
  return formValue(body).then((value) => chosen(request, value))
}

function chosen(request: Request, given: string | null): string {
  return given === null || given === '' ? request.method : given.toUpperCase()
}

/** Query names are case-insensitive on the real host. */
function queryValue(query: URLSearchParams): string | null {
  for (const [name, value] of query)
    if (name.toLowerCase() === 'x-http-method-override') return value
  return null
}

async function formValue(body: RequestBody): Promise<string | null> {
  try {
    return queryValue(new URLSearchParams(await body.text()))
  } catch {
    // A body past the limit or cut off: the operation's own read reports it.
    return null
  }
}
