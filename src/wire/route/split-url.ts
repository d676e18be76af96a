export interface SplitUrl {
  /** The path as sent, percent-escapes and all (as `URL.pathname`), runs of `/` made one. */
  readonly path: string
  readonly query: URLSearchParams
}

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
