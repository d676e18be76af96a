import { isPathExtension } from '../formats/format.ts'
import { editDistance } from './edit-distance.ts'
import type { HostRoute } from './host-routes.ts'
import { matchRoute, type Routable, type RouteTable } from './route-table.ts'

// The searches the near-miss sentences are made from (near-misses.ts): a route under another
// verb, a path without a misplaced extension, and the route a few edits away.

/** What one dispatch searches: its routes, the real host's, and where they are mounted. */
export interface Search<T extends Routable> {
  readonly table: RouteTable<T>
  readonly hosts: RouteTable<HostRoute>
  readonly basePath: string
}

/** A route found for a path, with the verb it answers. */
export interface Found<R> {
  readonly route: R
  readonly method: string
}

/** The longest path the edit distance is measured on: longer ones are no typo of a route. */
const maxTypoChars = 256

/** The route a path reaches with this verb, else with another verb. */
export function findRoute<R extends Routable>(
  table: RouteTable<R>,
  method: string,
  rest: string,
): Found<R> | undefined {
  const same = matchRoute(table, method, rest)
  if (same) return { route: same.operation, method }
  for (const verb of otherVerbs(table, method)) {
    const other = matchRoute(table, verb, rest)
    if (other) return { route: other.operation, method: verb }
  }
  return undefined
}

export function otherVerbs<R extends Routable>(table: RouteTable<R>, method: string): string[] {
  const verbs = new Set(table.routes.map(({ operation }) => operation.method))
  verbs.delete(method)
  verbs.delete('*')
  return [...verbs]
}

/**
 * A format extension on another segment than the last, in another case, or followed by a `/`
 * (`comments-api.json/comments`, `comments.JSON`, `comments.json/`): the path without it.
 */
export function movedExtension(
  segments: readonly string[],
): { rest: string; extension: string } | undefined {
  let extension: string | undefined
  const cleaned = segments.map((segment) => {
    const dot = segment.lastIndexOf('.')
    const found = dot < 0 ? '' : segment.slice(dot + 1).toLowerCase()
    if (!isPathExtension(found)) return segment
    extension ??= found
    return segment.slice(0, dot)
  })
  return extension === undefined ? undefined : { rest: cleaned.join('/'), extension }
}

export interface Near {
  /** The real host's route it is; null for an operation of the mock. */
  readonly host: HostRoute | null
  readonly method: string
  /** The route as the request would have written it: its variables filled from the request. */
  readonly path: string
  readonly distance: number
}

/** The route of the mock or the host a few edits away from the path; the request's verb first. */
export function nearest<T extends Routable>(
  search: Search<T>,
  method: string,
  segments: readonly string[],
): Near | undefined {
  const given = segments.join('/').toLowerCase()
  if (given.length > maxTypoChars) return undefined
  let best: Near | undefined
  const consider = (route: Routable, host: HostRoute | null): void => {
    const filled = fill(route.route, segments)
    const target = filled.slice(1).toLowerCase()
    // A typo is a few edits, and fewer in a short path: `ab-test` is not `apiservice`.
    // A path cut short (`ab-test` for `ab-testing`) may lose a few more, if half is left.
    const cut = target.startsWith(given) && given.length * 2 >= target.length
    const max = cut ? 4 : Math.max(1, Math.min(3, Math.floor(target.length / 6)))
    const distance = editDistance(given, target, max)
    if (distance > max || distance === 0) return
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && route.method === method && best.method !== method)
    if (better) {
      const path = `${search.basePath}${filled}`
      best = { host, method: route.method, path, distance }
    }
  }
  for (const { operation } of search.table.routes) consider(operation, null)
  for (const { operation } of search.hosts.routes) consider(operation, operation)
  return best
}

/** A route's path with its variables as the request wrote them where it has that segment. */
function fill(route: string, segments: readonly string[]): string {
  const parts = route.split('/').filter(Boolean)
  const filled = parts.map((part, i) => {
    if (!part.startsWith('{')) return part
    if (part.endsWith('*}')) return segments.slice(i).join('/') || part
    return segments[i] ?? part
  })
  return `/${filled.join('/')}`
}
