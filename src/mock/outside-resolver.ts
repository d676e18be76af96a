import type { Answerer, OnMiss } from '../wire/index.ts'
import { compileRoutes, controlPath, lazyMissFinder } from '../wire/index.ts'
import type { Mock } from './mock.ts'
import type { ConsoleNotes } from './console-notes.ts'

/** The catch-all after the mock's prefixes, as the msw handlers register it (handler-routes.ts). */
export interface OutsideResolver {
  readonly takes: (request: Request) => Promise<boolean>
  readonly answer: (info: { request: Request }) => Promise<Response | undefined>
}

/**
 * What the handlers take beyond the mock's prefixes: with recordings, any path (what they do
 * not match goes on); else only a service path with its base path left out or mistyped. Under
 * `warn` that one is said in the console and left to msw as unhandled, so its
 * `onUnhandledFrame` strategy still applies; under `error` it fails.
 */
export function outsideResolver({
  mock,
  dispatch,
  notes,
  onMiss,
  replays,
}: {
  readonly mock: Mock
  readonly dispatch: Answerer
  readonly notes: ConsoleNotes
  readonly onMiss: OnMiss
  readonly replays: boolean
}): OutsideResolver {
  const findMiss = lazyMissFinder(compileRoutes(mock.operations), mock.config.basePath)
  const missOf = async (request: Request): Promise<string | undefined> => {
    const path = new URL(request.url).pathname
    if (isMockPath(path, mock.config.basePath)) return undefined
    return findMiss({ method: request.method, path, rest: null })
  }
  const takes = async (request: Request): Promise<boolean> => {
    if (replays) return true
    const miss = await missOf(request)
    if (miss === undefined) return false
    if (onMiss === 'error') return true
    notes.miss(miss)
    return false
  }
  const answer = async ({ request }: { request: Request }): Promise<Response | undefined> => {
    const answered = await dispatch(request)
    const response = notes.answered(request, answered)
    return answered?.unmatched && response?.type !== 'error' ? undefined : response
  }
  return { takes, answer }
}

/** Whether a path is under one of the mock's own prefixes (their handlers take it). */
function isMockPath(path: string, basePath: string): boolean {
  const lower = path.toLowerCase()
  const base = basePath.toLowerCase()
  return (
    lower === base ||
    lower.startsWith(`${base}/`) ||
    path === controlPath ||
    path.startsWith(`${controlPath}/`)
  )
}
