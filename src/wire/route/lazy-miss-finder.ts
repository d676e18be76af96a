import { hostRoutes, type HostRoute } from './host-routes.ts'
import type { MissFinder, MissQuery } from './miss-prefix.ts'
import {
  compileRoutes,
  hasRoute,
  splitSegments,
  type Routable,
  type RouteTable,
} from './route-table.ts'

// The near-miss search (near-misses.ts and its route searches) is needed only once a request
// misses, so a page loads it then, not at start. A path outside the base path is asked about
// for every request a page's worker sees (its assets, the search's own module): whether it can
// be a near miss at all is told here without the search, so only a real near miss loads it.

/** The mock's word on a request no route took, the search loaded on the first that needs it. */
export type LoadingMissFinder = (query: MissQuery) => Promise<string | undefined>

/**
 * The finder `createMissFinder` makes for these routes, loaded on first use: its sentences are
 * the same, the real host's routes beside the table's.
 * @example const findMiss = lazyMissFinder(compileRoutes(operations), '/RestApi')
 */
export function lazyMissFinder<T extends Routable>(
  table: RouteTable<T>,
  basePath: string,
  /** The real host's routes beside the table's; none for the control routes. */
  hostList: readonly HostRoute[] = hostRoutes,
): LoadingMissFinder {
  const hosts = compileRoutes(hostList, { predefined: false })
  let loading: Promise<MissFinder> | undefined
  return async (query) => {
    if (query.rest === null && !outsideMayMiss([table, hosts], query.path)) return undefined
    loading ??= import('./near-misses.ts').then(({ createMissFinder }) =>
      createMissFinder(table, basePath, hostList),
    )
    // A search that cannot load (a dev server restarted under the page) costs the sentence,
    // never the answer: the host's 404 goes out as it is, and the next miss tries again.
    const finder = await loading.catch(() => {
      loading = undefined
      return undefined
    })
    return finder?.(query)
  }
}

/**
 * Whether the search can find a sentence for a path outside the base path: a route of the mock
 * or the real host under some verb once up to two leading segments are dropped, as the search
 * looks (near-misses.ts, `outsideMiss`). `hasRoute` answers as its `findRoute` under every
 * verb, but for a path of no segments (only `%2F`s), which is left to the search.
 */
function outsideMayMiss(tables: readonly RouteTable<Routable>[], path: string): boolean {
  const segments = splitSegments(path)
  for (let drop = 0; drop <= 2 && drop < segments.length; drop++) {
    const rest = segments.slice(drop).join('/')
    if (tables.some((table) => hasRoute(table, rest)) || splitSegments(rest).length === 0)
      return true
  }
  return false
}
