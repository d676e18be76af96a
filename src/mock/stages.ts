/**
 * The mock's stages: everything a request meets besides its operation, declared once, in the
 * order of wire/pipeline.ts's `stageOrder` (which says when each runs). The Node server adds
 * its own at the edge (node/server/node-edge.ts): the access checks, large bodies, last answers
 * and the request log.
 *
 * Each stage first asks, by reading plain fields, whether it has anything to do: a request that
 * asks for no fault, on a state with no rules, latency or login wall, runs no code but this
 * file's on its way (`npm run bench:files`).
 */
import {
  faultAnswer,
  faultAsk,
  waitBefore,
  drawDelay,
  preferNames,
  type ControlState,
  type FaultAsk,
} from '../control/index.ts'
import type { Exchange, MockConfig, RequestContext, Stage } from '../wire/index.ts'
import { activeLogin } from './login.ts'
import type { Sessions } from './session-types.ts'

/** What the mock's stages work on: its sessions, its control state, its settings. */
export interface StagesState {
  readonly sessions: Sessions
  readonly control: ControlState
  readonly config: MockConfig
  readonly random: () => number
}

/** The mock's stages, in order. */
export function mockStages(state: StagesState): readonly Stage[] {
  // What latency decided for a request, for faults to answer after the wait: one decision, so a
  // rule's count and probability are met once. `waiting` counts the asks not yet taken, so
  // that faults looks in the map only when there is one.
  const asks: Asks = { byRequest: new WeakMap(), waiting: 0 }
  // The query names a request asks for a fault by (`?__code=`): looked for without a call.
  const queryNames = [...preferNames].map((name) => `__${name}`)
  return [
    sessionsStage(state),
    loginWallStage(state),
    latencyStage(state, { asks, queryNames }),
    faultsStage(asks),
    journalStage(state),
  ]
}

/**
 * Sessions: the state a request works on, the shared one (null) or its session's, made on
 * first use. An evicted session made again says so in its first answer (issue 26).
 */
function sessionsStage({ sessions }: StagesState): Stage {
  return {
    name: 'sessions',
    store: (session) => sessions.get(session).store,
    before: (ctx) => {
      // The context has just taken its session's store, so the session is there to find.
      const session = sessions.peek(ctx.session)
      if (session.warning !== null) {
        ctx.warnings.add(session.warning)
        session.warning = null
      }
      return undefined
    },
  }
}

/** The login wall (`--auth claims|forms`): the login of the request's state. */
function loginWallStage({ sessions, config }: StagesState): Stage {
  // Asked just after the sessions' store, which made the session: peek finds it.
  return {
    name: 'login wall',
    login: (session) => {
      const { login } = sessions.peek(session)
      // A login (`POST /__mock/login` with a mode) may put a wall up where the mock has none.
      return login.mode === null && config.auth === 'off' ? null : activeLogin(login, config.auth)
    },
  }
}

/**
 * Latency: the delay the request's own `Prefer` or a matching fault rule asks for, else the
 * state's latency; decided with the fault, once (control/interceptor.ts).
 */
function latencyStage(
  { sessions, random }: StagesState,
  { asks, queryNames }: { asks: Asks; queryNames: string[] },
): Stage {
  const asksInQuery = (query: URLSearchParams): boolean =>
    query.size > 0 && queryNames.some((name) => query.has(name))
  return {
    name: 'latency',
    before: (ctx) => {
      const { rules } = sessions.peek(ctx.session)
      // Most requests ask for nothing, on a state with no rules: nothing more to read then.
      const asked = rules.faults.size > 0 || ctx.header('prefer') !== null || asksInQuery(ctx.query)
      const ask = asked ? faultAsk(ctx, rules) : null
      if (ask) {
        asks.byRequest.set(ctx, ask)
        asks.waiting += 1
      }
      const delay = ask?.delay ?? (rules.latency === null ? 0 : drawDelay(rules.latency, random))
      return delay > 0 ? waitBefore(ctx, delay) : undefined
    },
  }
}

/** Faults: the status or network error that latency's decision asks for, after the wait. */
function faultsStage(asks: Asks): Stage {
  return {
    name: 'faults',
    before: (ctx) => {
      const ask = asks.waiting === 0 ? undefined : asks.byRequest.get(ctx)
      if (!ask) return undefined
      asks.byRequest.delete(ctx)
      asks.waiting -= 1
      return ask.network || ask.status !== null ? faultAnswer(ctx, ask) : undefined
    },
  }
}

/** The asks latency has decided and faults not yet taken (a client gone while it waited leaves one). */
interface Asks {
  readonly byRequest: WeakMap<RequestContext, FaultAsk>
  waiting: number
}

/**
 * The journal: one entry per request under the base path, read by the dashboard and the log.
 * The entry is made here, where every request passes anyway.
 */
function journalStage({ control }: StagesState): Stage {
  return { name: 'journal', after: (exchange) => control.journal.add(journalEntryOf(exchange)) }
}

/** The warnings of a request that has none, shared: most requests have none. */
const noWarnings: readonly string[] = Object.freeze([])

function journalEntryOf(exchange: Exchange): Parameters<ControlState['journal']['add']>[0] {
  const { request, ctx, answer } = exchange
  const status = answer?.status ?? 0
  const warnings = ctx?.warnings
  // An answer no operation wrote says its own warning (a near miss, the /api/ path) in its head.
  const own = ctx || exchange.source !== 'mock' ? undefined : answer?.headers['X-Mock-Warning']
  const said = exchange.miss ?? own
  const warningCount = warnings ? warnings.count : said === undefined ? 0 : 1
  return {
    startedAt: exchange.startedAt,
    session: exchange.session,
    source: exchange.source,
    method: request.method,
    url: request.url,
    format: ctx?.negotiated.format ?? null,
    status,
    statusText: status >= 400 ? (answer?.statusText ?? '') : '',
    durationMs: Math.round(exchange.durationMs * 100) / 100,
    delayMs: exchange.delayMs,
    fault: exchange.fault,
    // The list is read only when there is one: most requests have no warning.
    warnings: warningCount === 0 ? noWarnings : warnings ? warnings.list : [said as string],
    warningCount,
    nearMiss: exchange.miss !== undefined,
    requestHeaders: exchange.host.headerList(),
    requestText: ctx?.body.textRead ?? null,
    responseHeaders: answer?.headers ?? null,
    // A fallback's body streamed on to the client, unread.
    responseText: exchange.source === 'mock' ? (answer?.body ?? null) : null,
  }
}
