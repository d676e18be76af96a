import type {
  JournalDocument,
  ResetDocument,
  SettingsDocument,
  SnapshotsDocument,
} from '../control/control-documents.ts'
import { journalToHar } from '../control/har.ts'
import type { ControlState } from '../control/interceptor.ts'
import { stateJson } from '../control/state-document.ts'
import { readStatePage, statePageJson } from '../control/state-page.ts'
import type { Store, StoreSnapshot } from '../store/index.ts'
import { controlPath, type ControlResolver, type MockConfig } from '../wire/index.ts'
import { fail, json, jsonType, noContent, readJsonBody, safeDecode } from './control-answers.ts'
import { postFixtures } from './fixtures-route.ts'
import type { ScenarioControl } from './scenarios.ts'
import { refuseSnapshot } from './snapshot-names.ts'
import { toLatency } from './to-latency.ts'

export interface NamedSnapshot {
  readonly snapshot: StoreSnapshot
  readonly savedAt: string
}

export interface ControlDeps {
  readonly scenarios: ScenarioControl
  readonly store: Store
  readonly config: MockConfig
  readonly state: ControlState
  readonly snapshots: Map<string, NamedSnapshot>
  /** How many named snapshots may be kept at once. */
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
 * they run the same in the Node server, the service worker and tests.
 */
export function createControl(deps: ControlDeps): ControlResolver {
  const { store, state, snapshots } = deps
  return async (request, url) => {
    // Empty segments are ignored here as under /RestApi (`//__mock//state`).
    // Runs collapsed first, so one trailing slash at most is left: no `/\/+$/`, which
    // backtracks quadratically on a long run of slashes.
    const collapsed = url.pathname.replace(/\/{2,}/g, '/').slice(controlPath.length)
    const path = collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed
    const method = request.method
    const [, section = '', ...rest] = path.split('/').map(safeDecode)
    const name = rest.length === 0 ? undefined : rest.join('/')
    const route = `${method} /${section}${name === undefined ? '' : '/:name'}`

    switch (route) {
      case 'GET /':
        return deps.dashboard()
      case 'GET /state': {
        const page = readStatePage(url.searchParams)
        if (typeof page === 'string') {
          return fail(400, 'ArgumentException', `Failed to read the state: ${page}`)
        }
        const body = page ? statePageJson(store, page) : stateJson(store)
        return new Response(body, { headers: { 'Content-Type': jsonType } })
      }
      case 'POST /reset': {
        const seedText = url.searchParams.get('seed')
        if (
          seedText !== null &&
          !(/^\d{1,10}$/.test(seedText) && Number(seedText) <= 2 ** 31 - 1)
        ) {
          return fail(
            400,
            'ArgumentException',
            `Failed to reset: seed '${seedText}' is not a whole number`,
          )
        }
        deps.scenarios.reset(seedText === null ? undefined : Number(seedText))
        return json({ seed: store.seed } satisfies ResetDocument)
      }
      case 'GET /snapshots':
        return json({
          snapshots: [...snapshots].map(([key, saved]) => ({
            name: key,
            seed: saved.snapshot.seed,
            savedAt: saved.savedAt,
          })),
        } satisfies SnapshotsDocument)
      case 'POST /snapshots/:name': {
        const refused = refuseSnapshot(name as string, snapshots, deps.maxSnapshots)
        if (refused) return fail(400, 'ArgumentException', refused)
        const saved = { snapshot: store.snapshot(), savedAt: new Date().toISOString() }
        snapshots.set(name as string, saved)
        return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt }, 201)
      }
      case 'PUT /snapshots/:name': {
        const saved = snapshots.get(name as string)
        if (!saved)
          return fail(404, 'NotFound', `Failed to restore snapshot '${name}': no such snapshot`)
        store.restore(saved.snapshot)
        return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt })
      }
      case 'DELETE /snapshots/:name':
        return snapshots.delete(name as string)
          ? noContent()
          : fail(404, 'NotFound', `Failed to delete snapshot '${name}': no such snapshot`)
      case 'GET /journal': {
        const limitText = url.searchParams.get('limit')
        const limit = limitText === null ? undefined : Number(limitText)
        if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
          return fail(
            400,
            'ArgumentException',
            `Failed to read the journal: limit '${limitText}' is not a whole number`,
          )
        }
        return json({
          capacity: state.journal.capacity,
          entries: state.journal.entries(limit),
        } satisfies JournalDocument)
      }
      case 'DELETE /journal':
        state.journal.clear()
        return noContent()
      case 'GET /journal.har':
        return new Response(JSON.stringify(journalToHar(state.journal.entries(), deps.version)), {
          headers: {
            'Content-Type': jsonType,
            'Content-Disposition': 'attachment;filename="restapi-mock.har"',
          },
        })
      case 'GET /faults':
        return json({ rules: state.faults.list() })
      case 'POST /faults': {
        const body = await readJsonBody(request, deps.config)
        if (body instanceof Response) return body
        const rule = state.faults.add(body)
        return typeof rule === 'string'
          ? fail(400, 'ArgumentException', `Failed to add the fault rule: ${rule}`)
          : json(rule, 201)
      }
      case 'DELETE /faults':
        state.faults.clear()
        return noContent()
      case 'DELETE /faults/:name':
        return state.faults.remove(Number(name))
          ? noContent()
          : fail(404, 'NotFound', `Failed to delete fault rule '${name}': no such rule`)
      case 'GET /settings':
        return json(settings(deps))
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
        state.latency = latency
        return json(settings(deps))
      }
      case 'GET /openapi.json':
        return json(await deps.openApi())
      case 'GET /scenarios':
        return json({ current: deps.scenarios.current, scenarios: deps.scenarios.list() })
      case 'PUT /scenarios/:name':
        return deps.scenarios.use(name as string)
          ? json({ current: deps.scenarios.current, seed: store.seed })
          : fail(404, 'NotFound', `Failed to use scenario '${name}': no such scenario`)
      case 'POST /fixtures':
        return postFixtures(request, store, deps.config)
    }
    return fail(404, 'NotFound', `Failed to find a control route for ${method} ${url.pathname}`)
  }
}

function settings(deps: ControlDeps): SettingsDocument {
  return {
    seed: deps.store.seed,
    counts: deps.store.counts,
    basePath: deps.config.basePath,
    strict: deps.config.strict,
    defaultFormat: deps.config.defaultFormat,
    latency: deps.state.latency,
    faults: deps.state.faults.list(),
    journalCapacity: deps.state.journal.capacity,
    maxSnapshots: deps.maxSnapshots,
  }
}
