import { unknownNameHint } from '../unknown-name.ts'
import type {
  ResetDocument,
  ScenariosDocument,
  SettingsDocument,
} from '../../control/control-documents.ts'
import { pieceStream } from '../../control/piece-stream.ts'
import { readStateEntity } from '../../control/state/state-entity.ts'
import { readStatePage } from '../../control/state/state-page.ts'
import { statePieces } from '../../control/state/state-pieces.ts'
import { fail, json, jsonType, noContent, readJsonBody } from './control-answers.ts'
import type { StateCall } from './control-call.ts'
import { postFixtures } from './fixtures-route.ts'
import { toLatency } from '../to-latency.ts'

// The routes of one state's data, scenario and rules under `/__mock`.

export function readState({ url, session }: StateCall): Response {
  const page = readStatePage(url.searchParams)
  if (typeof page === 'string') {
    return fail(400, 'ArgumentException', `Failed to read the state: ${page}`)
  }
  // Streamed from a snapshot (no copy), giving other requests a turn between pieces: a state
  // of any size holds none of them up for long.
  const pieces = statePieces(session.store.snapshot(), page ? { page } : {})
  return new Response(pieceStream(pieces), { headers: { 'Content-Type': jsonType } })
}

export function readEntity({ session, params }: StateCall): Response {
  const entity = readStateEntity(session.store, params.path as string)
  if (!entity.found)
    return fail(
      entity.status,
      entity.status === 404 ? 'NotFound' : 'ArgumentException',
      entity.message,
    )
  return new Response(entity.json, { headers: { 'Content-Type': jsonType } })
}

export function reset({ url, session, deps }: StateCall): Response {
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
  return json({ seed: session.store.seed } satisfies ResetDocument)
}

export function listFaults({ session }: StateCall): Response {
  return json({ rules: session.rules.faults.list() })
}

export async function addFault({ request, session, deps }: StateCall): Promise<Response> {
  const body = await readJsonBody(request, deps.config)
  if (body instanceof Response) return body
  const rule = session.rules.faults.add(body)
  return typeof rule === 'string'
    ? fail(400, 'ArgumentException', `Failed to add the fault rule: ${rule}`)
    : json(rule, 201)
}

export function clearFaults({ session }: StateCall): Response {
  session.rules.faults.clear()
  return noContent()
}

export function removeFault({ session, params }: StateCall): Response {
  return session.rules.faults.remove(Number(params.id))
    ? noContent()
    : fail(404, 'NotFound', `Failed to delete fault rule '${params.id}': no such rule`)
}

export function readSettings(call: StateCall): Response {
  return json(settings(call))
}

export async function setLatency(call: StateCall): Promise<Response> {
  const body = await readJsonBody(call.request, call.deps.config)
  if (body instanceof Response) return body
  const latency = toLatency(body)
  if (latency === undefined) {
    return fail(
      400,
      'ArgumentException',
      'Failed to set the latency: send {"min":100,"max":600}, {"ms":200} or null',
    )
  }
  call.session.rules.latency = latency
  return json(settings(call))
}

export function listScenarios({ session, deps }: StateCall): Response {
  return json({
    current: session.scenarios.current,
    scenarios: deps.catalogue.list(),
  } satisfies ScenariosDocument)
}

export function useScenario({ session, params, deps }: StateCall): Response {
  const name = params.name as string
  return session.scenarios.use(name)
    ? json({ current: session.scenarios.current, seed: session.store.seed })
    : fail(
        404,
        'NotFound',
        `Failed to use scenario '${name}': no such scenario${unknownNameHint(
          name,
          deps.catalogue.list().map((scenario) => scenario.name),
          'scenarios',
        )}`,
      )
}

export function storeFixtures({ request, session, deps }: StateCall): Promise<Response> {
  return postFixtures(request, session.store, deps.config)
}

function settings({ session, deps }: StateCall): SettingsDocument {
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
    record: deps.fallbacks.find((f) => f.source === 'proxy')?.recording?.() ?? null,
    replays: deps.fallbacks.flatMap((f) =>
      f.source === 'replay' && f.recording ? [f.recording()] : [],
    ),
  }
}
