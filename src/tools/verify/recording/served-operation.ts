import { compileRoutes, matchRoute, type Operation, type RouteTable } from '../../../wire/index.ts'
import type { HarEntry } from '../../../mock/replay/index.ts'

/** Which of the mock's operations serves a recorded request, by the mock's own route table. */
export type OperationFinder = (entry: HarEntry) => Operation | undefined

/**
 * Finds the operation for a recorded request as the dispatch would: under the base path, the
 * verb (or its `X-HTTP-Method-Override`), the route table's rules (case, extensions, the
 * pre-defined `/{format}/reply/{Dto}` routes). Undefined: the mock does not serve it.
 */
export function operationFinder(
  operations: readonly Operation[],
  basePath: string,
): OperationFinder {
  const table: RouteTable<Operation> = compileRoutes(operations)
  const prefix = `${basePath.toLowerCase()}/`
  return (entry) => {
    const url = new URL(entry.request.url)
    const path = url.pathname
    if (!path.toLowerCase().startsWith(prefix)) return undefined
    const override =
      entry.request.headers.find(({ name }) => name.toLowerCase() === 'x-http-method-override')
        ?.value ?? url.searchParams.get('X-HTTP-Method-Override')
    const method = (override ?? entry.request.method).toUpperCase()
    return matchRoute(table, method, path.slice(prefix.length))?.operation
  }
}
