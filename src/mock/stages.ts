/**
 * Everything a request can meet besides its operation, declared once, in the order it meets
 * them (wire/pipeline.ts says when each step runs). The Node server adds its own at the edge:
 * the access checks before the dispatch, the request log after (node/server/app.ts).
 */
import { interceptRequest, recordRequest, type ControlState } from '../control/index.ts'
import type { MockConfig, Stage } from '../wire/index.ts'
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
  return [sessionsStage(state), loginWallStage(state), faultsStage(state), journalStage(state)]
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
    login: (session) => activeLogin(sessions.peek(session).login, config.auth),
  }
}

/** Faults and latency: the state's rules, and the request's own `Prefer` or `?__code`. */
function faultsStage({ sessions, random }: StagesState): Stage {
  return {
    name: 'faults and latency',
    before: (ctx) => interceptRequest(ctx, sessions.peek(ctx.session).rules, random),
  }
}

/** The journal: one entry per request under the base path, read by the dashboard and the log. */
function journalStage({ control }: StagesState): Stage {
  return { name: 'journal', after: (exchange) => recordRequest(control, exchange) }
}
