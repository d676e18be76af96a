import { hostRoutes, type HostRoute } from './host-routes.ts'
import {
  compileRoutes,
  matchRoute,
  splitSegments,
  type Routable,
  type RouteTable,
} from './route-table.ts'
import { findRoute, movedExtension, nearest, otherVerbs, type Search } from './route-search.ts'
import { missPrefix, type MissFinder } from './miss-prefix.ts'
import { hostSentence, implemented } from './host-sentence.ts'

// What the mock says about a request no route takes (decisions.md, "Saying why"): the route the
// user most likely meant, or the real host's route it is, in one sentence for `X-Mock-Warning`,
// the log, the journal and the page's console. The wire bytes stay the real host's 404.

/** The longest path looked at: a longer one is no near miss of a route. */
const maxPathChars = 1024

/** The finder for one dispatch's routes, made once: the real host's table is compiled here. */
export function createMissFinder<T extends Routable>(
  table: RouteTable<T>,
  basePath: string,
  /** The real host's routes beside the table's; none for the control routes. */
  hosts: readonly HostRoute[] = hostRoutes,
): MissFinder {
  const search: Search<T> = {
    table,
    hosts: compileRoutes(hosts, { predefined: false }),
    basePath,
  }
  return ({ method, path, rest }) => {
    if (path.length > maxPathChars) return undefined
    return rest === null
      ? outsideMiss(search, method, path)
      : insideMiss(search, method, path, rest)
  }
}

function insideMiss<T extends Routable>(
  search: Search<T>,
  method: string,
  path: string,
  rest: string,
): string {
  const segments = splitSegments(rest)
  const query: InsideQuery = { method, path, rest, segments }
  const said =
    hostMiss(search, query, true) ??
    verbMiss(search, query) ??
    hostMiss(search, query, false) ??
    extensionMiss(search, query) ??
    prefixMiss(search, query) ??
    typoMiss(search, query) ??
    `the mock implements ${implemented(search, null)}`
  return `${missPrefix}${method} ${path}; ${said}`
}

/** A request below the base path, split once. */
interface InsideQuery {
  readonly method: string
  readonly path: string
  readonly rest: string
  readonly segments: readonly string[]
}

/**
 * The real host's route at this path, under this verb (`sameVerb`) or another. A route that
 * reads a key from the path (`comments/{key}`) may hide a typo of a literal one
 * (`comments/cuont`): that is named first.
 */
function hostMiss<T extends Routable>(
  search: Search<T>,
  { method, path, rest, segments }: InsideQuery,
  sameVerb: boolean,
): string | undefined {
  const found = sameVerb
    ? matchRoute(search.hosts, method, rest)?.operation
    : findRoute(search.hosts, method, rest)?.route
  if (!found) return undefined
  if (found.route.includes('{')) {
    const typo = typoMiss(search, { method, path, rest, segments })
    if (typo) return typo
  }
  const what = found.method === method ? 'this' : `${found.method} ${path}`
  return hostSentence(search, found, what, segments)
}

/** The mock's route at this path under another verb. */
function verbMiss<T extends Routable>(
  { table }: Search<T>,
  { method, path, rest }: InsideQuery,
): string | undefined {
  const verbs = otherVerbs(table, method).filter((verb) => matchRoute(table, verb, rest))
  if (verbs.length === 0) return undefined
  const meant = verbs.map((verb) => `${verb} ${path}`).join(' or ')
  return `did you mean ${meant}? The mock serves that path for ${verbs.join(', ')} only`
}

/** A format extension on another segment, in another case, or before a `/`. */
function extensionMiss<T extends Routable>(
  { table, basePath }: Search<T>,
  { method, segments }: InsideQuery,
): string | undefined {
  const moved = movedExtension(segments)
  const fixed = moved && findRoute(table, method, moved.rest)
  if (!moved || !fixed) return undefined
  const meant = `${fixed.method} ${basePath}/${moved.rest}.${moved.extension}`
  return `did you mean ${meant}? A format extension goes on the last segment, in lower case, with no '/' after it`
}

/** An `/api` segment after the base path, or the base path written twice. */
function prefixMiss<T extends Routable>(
  { table, basePath }: Search<T>,
  { method, segments }: InsideQuery,
): string | undefined {
  const first = segments[0]?.toLowerCase()
  const api = first === 'api'
  if (segments.length < 2 || (!api && `/${first}` !== basePath.toLowerCase())) return undefined
  const tail = segments.slice(1).join('/')
  const found = findRoute(table, method, tail)
  if (!found) return undefined
  const why = api ? `There is no /api segment after ${basePath}` : `${basePath} is written once`
  return `did you mean ${found.method} ${basePath}/${tail}? ${why}`
}

/** A route of the mock or the host a few edits away. */
function typoMiss<T extends Routable>(
  search: Search<T>,
  { method, segments }: InsideQuery,
): string | undefined {
  const near = nearest(search, method, segments)
  if (!near) return undefined
  const meant = `did you mean ${near.method} ${near.path}?`
  if (near.host === null) return meant
  const sentence = hostSentence(search, near.host, 'that', segments)
  return `${meant} ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`
}

/** A path outside the base path that is a route of the mock or the host once a prefix is fixed. */
function outsideMiss<T extends Routable>(
  search: Search<T>,
  method: string,
  path: string,
): string | undefined {
  const { table, hosts, basePath } = search
  const segments = splitSegments(path)
  // The base path left out (`/comments-api/comments`) or written wrong (`/api/…`, `/RestAPI2/…`).
  for (let drop = 0; drop <= 2 && drop < segments.length; drop++) {
    const tail = segments.slice(drop)
    const rest = tail.join('/')
    const where = `${basePath}/${rest}`
    const head = `${missPrefix}${method} ${path}; the service is under ${basePath}`
    const found = findRoute(table, method, rest)
    if (found) return `${head}: did you mean ${found.method} ${where}?`
    const host = findRoute(hosts, method, rest)
    if (host) {
      return `${head}, where ${hostSentence(search, host.route, `${host.method} ${where}`, tail)}`
    }
  }
  return undefined
}

/**
 * What a runtime does with a request no route took, beyond the header and the journal, which
 * always say it: `warn` says it where the user looks (the page's console, the server's log),
 * `error` fails the request with it (a network error), `off` keeps quiet.
 */
export const onMissModes = ['warn', 'error', 'off'] as const
export type OnMiss = (typeof onMissModes)[number]
