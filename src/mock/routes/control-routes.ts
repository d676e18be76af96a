import {
  compileRoutes,
  controlPath,
  lazyMissFinder,
  matchRoute,
  ServiceError,
  type ControlResolver,
} from '../../wire/index.ts'
import { fail } from './control-answers.ts'
import type { ControlDeps } from './control-call.ts'
import { controlTable } from './control-table.ts'
import type { Session } from '../sessions.ts'
import { refuseGlobalWrite, withSessionWarning } from './session-routes.ts'

export type { ControlDeps } from './control-call.ts'
export type { NamedSnapshot } from './snapshot-names.ts'

/**
 * The mock's own routes under `/__mock`, matched by the route table as the operations are (its
 * rows: control-table.ts), so they run the same in the Node server, the service worker and
 * tests. A control path is read as written: no format extension (`journal.har`,
 * `openapi.json`), no pre-defined routes; empty segments are ignored, as under `/RestApi`.
 */
export function createControl(deps: ControlDeps): ControlResolver {
  const table = compileRoutes(controlTable, { extensions: false, predefined: false })
  const findMiss = lazyMissFinder(table, controlPath, [])
  return async (request, url, host) => {
    // Runs of slashes collapsed first (`//__mock//state`), so the prefix is where it should be.
    const rest = url.pathname.replace(/\/{2,}/g, '/').slice(controlPath.length)
    const match = matchRoute(table, request.method, rest)
    const row = match?.operation
    const params = match?.params ?? {}
    if (row?.scope === 'global') {
      const refused = row.global && refuseGlobalWrite(row.global, host, url.searchParams)
      return (
        refused || (await row.answer({ request, url, host, params, deps })) || (await notFound())
      )
    }
    const { selected } = host
    if (selected instanceof ServiceError) {
      return fail(selected.status, selected.errorCode, selected.message)
    }
    const session = readOnly(request.method, selected) ?? deps.sessions.get(selected)
    const response = row && (await row.answer({ request, url, host, params, deps, session }))
    return withSessionWarning(session, response ?? (await notFound()))

    // A read of a session that exists (the dashboard's polling, a test's look at its state)
    // is no use of it: its count, its last use and its place in the eviction order stay.
    function readOnly(method: string, id: string | null): Session | undefined {
      if (method !== 'GET' || id === null) return undefined
      const found = deps.sessions.peek(id)
      return found === deps.sessions.shared ? undefined : found
    }

    async function notFound(): Promise<Response> {
      // The route a few edits away or under another verb, as for the service (near-misses.ts).
      const miss = (await findMiss({ method: request.method, path: url.pathname, rest })) ?? ''
      const meant = miss.indexOf('; did you mean ')
      return fail(
        404,
        'NotFound',
        `Failed to find a control route for ${request.method} ${url.pathname}${meant < 0 ? '' : miss.slice(meant)}`,
      )
    }
  }
}
