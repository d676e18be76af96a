import type { ResetDocument, SettingsDocument } from '../../control/control-documents.ts'
import type { ControlState } from '../../control/interceptor.ts'
import { pieceStream } from '../../control/piece-stream.ts'
import { readStateEntity } from '../../control/state/state-entity.ts'
import { readStatePage } from '../../control/state/state-page.ts'
import { statePieces } from '../../control/state/state-pieces.ts'
import {
  controlPath,
  readSessionId,
  ServiceError,
  type ControlResolver,
  type Fallback,
  type MockConfig,
  type Operation,
} from '../../wire/index.ts'
import { fail, json, jsonType, noContent, readJsonBody, safeDecode } from './control-answers.ts'
import { postFixtures } from './fixtures-route.ts'
import { setPassthrough } from './passthrough.ts'
import { journalRoute } from './journal-routes.ts'
import type { ScenarioCatalogue } from '../scenarios.ts'
import { refuseGlobalWrite, sessionRoute, withSessionWarning } from './session-routes.ts'
import type { Session, Sessions } from '../sessions.ts'
import { snapshotRoute } from './snapshot-routes.ts'
import { toLatency } from '../to-latency.ts'

export type { NamedSnapshot } from './snapshot-names.ts'

export interface ControlDeps {
  readonly fallbacks: readonly Fallback[]
  readonly passthrough: Set<string>
  readonly operations: readonly Operation[]
  readonly sessions: Sessions
  readonly catalogue: ScenarioCatalogue
  readonly config: MockConfig
  /** The journal, and the shared state's latency and fault rules. */
  readonly state: ControlState
  /** How many named snapshots each state may keep at once. */
  readonly maxSnapshots: number
  /**
   * The mock's own pages and documents, built by the caller from its operations. Async: their
   * code loads on the first request for them, so a page that never asks does not carry it.
   */
  readonly openApi: () => Promise<object>
  readonly dashboard: () => Promise<Response>
  readonly version: string
}

/**
 * The mock's own routes under `/__mock` (decisions.md section 6), written as plain resolvers so
 * they run the same in the Node server, the service worker and tests. Every route of a state
 * works on the session the request names (as the operations do), or on the shared state.
 */
export function createControl(deps: ControlDeps): ControlResolver {
  return async (request, url, host) => {
    // Empty segments are ignored here as under /RestApi (`//__mock//state`).
    // Runs collapsed first, so one trailing slash at most is left: no `/\/+$/`, which
    // backtracks quadratically on a long run of slashes.
    const collapsed = url.pathname.replace(/\/{2,}/g, '/').slice(controlPath.length)
    const path = collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed
    const method = request.method
    const [, section = '', ...rest] = path.split('/').map(safeDecode)
    const name = rest.length === 0 ? undefined : rest.join('/')
    const route = `${method} /${section}${name === undefined ? '' : '/:name'}`
    const notFound = (): Response =>
      fail(404, 'NotFound', `Failed to find a control route for ${method} ${url.pathname}`)

    // The mock's pages and the session list belong to no state.
    const refused = refuseGlobalWrite(route, host, url.searchParams)
    if (refused) return refused
    if (route === 'GET /') return deps.dashboard()
    if (route === 'GET /openapi.json') return json(await deps.openApi())
    if (section === 'sessions') return sessionRoute(method, name, deps.sessions) ?? notFound()
    if (route === 'GET /notices') return json({ notices: deps.state.notices.list() })
    if (route === 'PUT /passthrough') return putPassthrough(request, deps)

    const selected = readSessionId(host, url.searchParams, host.session)
    if (selected instanceof ServiceError) {
      return fail(selected.status, selected.errorCode, selected.message)
    }
    const session = deps.sessions.get(selected)
    let response: Response | undefined
    if (section === 'snapshots') {
      response = snapshotRoute(method, name, session, deps.maxSnapshots)
    } else if (section === 'journal' || section === 'journal.har') {
      response = journalRoute(route, url, deps.state.journal, session, deps.version)
    } else response = await stateRoute({ route, name, request, url, session, deps })
    return withSessionWarning(session, response ?? notFound())
  }
}

/** One request to a control route of a state, as the control resolver read it. */
interface StateRequest {
  /** `METHOD /section[/:name]`: what the routes below are written as. */
  readonly route: string
  readonly name: string | undefined
  readonly request: Request
  readonly url: URL
  readonly session: Session
  readonly deps: ControlDeps
}

/** The routes of one state's data, scenario and rules. */
async function stateRoute({
  route,
  name,
  request,
  url,
  session,
  deps,
}: StateRequest): Promise<Response | undefined> {
  const { store, rules } = session
  switch (route) {
    case 'GET /state': {
      const page = readStatePage(url.searchParams)
      if (typeof page === 'string') {
        return fail(400, 'ArgumentException', `Failed to read the state: ${page}`)
      }
      // Streamed from a snapshot (no copy), giving other requests a turn between pieces: a
      // state of any size holds none of them up for long.
      const pieces = statePieces(store.snapshot(), page ? { page } : {})
      return new Response(pieceStream(pieces), { headers: { 'Content-Type': jsonType } })
    }
    case 'GET /state/:name': {
      const entity = readStateEntity(store, name as string)
      if (!entity.found)
        return fail(
          entity.status,
          entity.status === 404 ? 'NotFound' : 'ArgumentException',
          entity.message,
        )
      return new Response(entity.json, { headers: { 'Content-Type': jsonType } })
    }
    case 'POST /reset': {
      const seedText = url.searchParams.get('seed')
      if (seedText !== null && !(/^\d{1,10}$/.test(seedText) && Number(seedText) <= 2 ** 31 - 1)) {
        return fail(
          400,
          'ArgumentException',
          `Failed to reset: seed '${seedText}' is not a whole number`,
        )
      }
      session.scenarios.reset(seedText === null ? undefined : Number(seedText))
      // A replay's cursors are shared by every session: only the shared state's reset rewinds.
      if (session.id === null) for (const fallback of deps.fallbacks) fallback.rewind?.()
      return json({ seed: store.seed } satisfies ResetDocument)
    }
    case 'GET /faults':
      return json({ rules: rules.faults.list() })
    case 'POST /faults': {
      const body = await readJsonBody(request, deps.config)
      if (body instanceof Response) return body
      const rule = rules.faults.add(body)
      return typeof rule === 'string'
        ? fail(400, 'ArgumentException', `Failed to add the fault rule: ${rule}`)
        : json(rule, 201)
    }
    case 'DELETE /faults':
      rules.faults.clear()
      return noContent()
    case 'DELETE /faults/:name':
      return rules.faults.remove(Number(name))
        ? noContent()
        : fail(404, 'NotFound', `Failed to delete fault rule '${name}': no such rule`)
    case 'GET /settings':
      return json(settings(session, deps))
    case 'PUT /latency': {
      const body = await readJsonBody(request, deps.config)
      if (body instanceof Response) return body
      const latency = toLatency(body)
      if (latency === undefined) {
        return fail(
          400,
          'ArgumentException',
          'Failed to set the latency: send {"min":100,"max":600}, {"ms":200} or null',
        )
      }
      rules.latency = latency
      return json(settings(session, deps))
    }
    case 'GET /scenarios':
      return json({ current: session.scenarios.current, scenarios: deps.catalogue.list() })
    case 'PUT /scenarios/:name':
      return session.scenarios.use(name as string)
        ? json({ current: session.scenarios.current, seed: store.seed })
        : fail(404, 'NotFound', `Failed to use scenario '${name}': no such scenario`)
    case 'POST /fixtures':
      return postFixtures(request, store, deps.config)
  }
  return undefined
}

function settings(session: Session, deps: ControlDeps): SettingsDocument {
  return {
    seed: session.store.seed,
    counts: session.store.counts,
    basePath: deps.config.basePath,
    strict: deps.config.strict,
    defaultFormat: deps.config.defaultFormat,
    latency: session.rules.latency,
    faults: session.rules.faults.list(),
    journalCapacity: deps.state.journal.capacity,
    maxSnapshots: deps.maxSnapshots,
    session: session.id,
    scenario: session.scenarios.current,
    sessions: deps.sessions.size,
    maxSessions: deps.sessions.max,
    upstream: deps.fallbacks.find((fallback) => fallback.source === 'proxy')?.name ?? null,
    passthrough: [...deps.passthrough],
    replay: deps.fallbacks.filter((f) => f.source === 'replay').map((f) => f.name),
  }
}

/** `PUT /__mock/passthrough` `{"operations":["CommentUpdateRequest"]}`: the set, replaced. */
async function putPassthrough(request: Request, deps: ControlDeps): Promise<Response> {
  const body = await readJsonBody(request, deps.config)
  if (body instanceof Response) return body
  const names = (body as { operations?: unknown } | null)?.operations
  const problem = Array.isArray(names)
    ? setPassthrough(deps.passthrough, names, deps.operations)
    : 'send {"operations":["CommentUpdateRequest", ...]}'
  if (problem) return fail(400, 'ArgumentException', `Failed to set the passthrough: ${problem}`)
  return json({ passthrough: [...deps.passthrough] })
}
